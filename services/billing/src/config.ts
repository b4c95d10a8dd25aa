import { ServiceConfig } from '@chitram/nest-kit';

/** The billing service's settings, read and validated once at start-up. */
export class BillingConfig extends ServiceConfig {}
