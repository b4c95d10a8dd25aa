import { Module } from '@nestjs/common';
import { AccessTokenSigner, REDIS, type Redis, RevocationList, signingKey } from '@chitram/nest-kit';
import { AuthConfig } from '../config';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { UserDeletedHandler } from './user-deleted.handler';

@Module({
  controllers: [SessionsController],
  providers: [
    {
      provide: AccessTokenSigner,
      inject: [AuthConfig],
      useFactory: (config: AuthConfig) =>
        new AccessTokenSigner(signingKey(config.JWT_PRIVATE_KEY, config.JWT_DEV_KEY_FILE), {
          issuer: config.JWT_ISSUER,
          audience: config.JWT_AUDIENCE,
          ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        }),
    },
    { provide: RevocationList, inject: [REDIS], useFactory: (redis: Redis) => new RevocationList(redis) },
    SessionsRepository,
    SessionsService,
    UserDeletedHandler,
  ],
  exports: [SessionsService],
})
export class SessionsModule {}
