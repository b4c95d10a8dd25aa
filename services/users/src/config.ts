import { EventServiceConfig } from '@chitram/nest-kit';

/** The users service's settings, read and validated once at start-up. */
export class UsersConfig extends EventServiceConfig {}
