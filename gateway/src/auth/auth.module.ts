import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import {
  AccessTokenVerifier,
  REDIS,
  type Redis,
  RedisModule,
  RevocationList,
  verificationKey,
} from '@chitram/nest-kit';
import { GatewayConfig } from '../config';
import { AccessGuard } from './access.guard';
import { SignInController } from './sign-in.controller';

/** Sign-in routes and the guard every route passes through. */
@Module({})
export class AuthModule {
  static create(config: GatewayConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [RedisModule.forRoot(config, 'chitram-gateway')],
      controllers: [SignInController],
      providers: [
        {
          provide: AccessTokenVerifier,
          useFactory: () =>
            new AccessTokenVerifier(verificationKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_FILE), {
              issuer: config.JWT_ISSUER,
              audience: config.JWT_AUDIENCE,
            }),
        },
        { provide: RevocationList, inject: [REDIS], useFactory: (redis: Redis) => new RevocationList(redis) },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
