import { ServiceConfig } from '@chitram/nest-kit';

/** The media service's settings, read and validated once at start-up. */
export class MediaConfig extends ServiceConfig {}
