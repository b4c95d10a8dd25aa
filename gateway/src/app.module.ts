import { type DynamicModule, Module } from '@nestjs/common';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { ViewerPlansModule } from './billing/viewer-plans';
import { CatalogueModule } from './catalog/catalogue.module';
import { GatewayConfig } from './config';
import { DevModule } from './dev/dev.module';
import { HealthController } from './health/health.controller';
import { GatewayReadiness, ReadinessController } from './health/readiness';
import { MediaModule } from './media/media.module';
import { PlaybackModule } from './playback/playback.module';
import { RpcModule } from './rpc.module';
import { AccountModule } from './users/account.module';
import { CallerProfilesModule } from './users/caller-profiles';

@Module({})
class GatewayConfigModule {}

@Module({})
export class AppModule {
  static create(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        {
          module: GatewayConfigModule,
          global: true,
          providers: [
            { provide: GatewayConfig, useValue: config },
            { provide: LOGGER, useValue: logger },
          ],
          exports: [GatewayConfig, LOGGER],
        },
        RpcModule,
        AuthModule.create(config),
        ViewerPlansModule,
        CallerProfilesModule,
        AccountModule,
        DevModule.create(config),
        MediaModule,
        CatalogueModule,
        BillingModule,
        PlaybackModule,
        AdminModule,
      ],
      controllers: [HealthController, ReadinessController],
      providers: [GatewayReadiness],
    };
  }
}
