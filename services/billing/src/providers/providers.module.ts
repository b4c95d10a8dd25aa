import { type FactoryProvider, Global, Module } from '@nestjs/common';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import { DataSource } from 'typeorm';
import { BillingConfig } from '../config';
import { PaymentProvider } from './payment-provider';
import { RazorpayProvider } from './razorpay.provider';
import { SandboxProvider } from './sandbox.provider';

const provider: FactoryProvider<PaymentProvider> = {
  provide: PaymentProvider,
  inject: [BillingConfig, DataSource, LOGGER],
  useFactory: (config: BillingConfig, dataSource: DataSource, logger: Logger) => {
    const secrets = {
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    };
    return config.usesSandbox
      ? new SandboxProvider(secrets, dataSource)
      : new RazorpayProvider(secrets, logger, config.RAZORPAY_API_BASE_URL);
  },
};

/** The payment provider the configuration names (DECISIONS D19). */
@Global()
@Module({ providers: [provider], exports: [PaymentProvider] })
export class ProvidersModule {}
