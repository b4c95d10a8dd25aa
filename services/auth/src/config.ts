import { ServiceConfig } from '@chitram/nest-kit';

/** The auth service's settings, read and validated once at start-up. */
export class AuthConfig extends ServiceConfig {}
