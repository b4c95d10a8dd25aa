import { ServiceConfig } from '@chitram/nest-kit';

/** The catalog service's settings, read and validated once at start-up. */
export class CatalogConfig extends ServiceConfig {}
