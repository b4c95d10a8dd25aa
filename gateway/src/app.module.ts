import { type DynamicModule, Module } from '@nestjs/common';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { GatewayConfig } from './config';
import { HealthController } from './health/health.controller';
import { PlansController } from './plans/plans.controller';
import { RpcModule } from './rpc.module';

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
      ],
      controllers: [HealthController, PlansController],
    };
  }
}
