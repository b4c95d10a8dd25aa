import { type DynamicModule, Module } from '@nestjs/common';
import { GatewayConfig } from '../config';
import { DevOtpController } from './dev-otp.controller';
import { DevPaymentsController } from './dev-payments.controller';

/** Routes for development and tests; in production the module has none. */
@Module({})
export class DevModule {
  static create(config: GatewayConfig): DynamicModule {
    return {
      module: DevModule,
      controllers: config.isProduction ? [] : [DevOtpController, DevPaymentsController],
    };
  }
}
