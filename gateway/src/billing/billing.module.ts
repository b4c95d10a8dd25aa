import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { NATS_CONNECTION } from '@chitram/nest-kit';
import type { NatsConnection } from 'nats';
import { GatewayConfig } from '../config';
import { CheckoutController } from './checkout.controller';
import { CreditNotesController } from './credit-notes.controller';
import { keepRawBody, webhookBodyLimit } from './raw-body';
import { ViewerBillingController } from './viewer-billing.controller';
import { RAZORPAY_WEBHOOK_PATH, WebhooksController } from './webhooks.controller';

const RAW_BODY_HOOK = Symbol('RAW_BODY_HOOK');

/** Billing's HTTP routes (SPEC §7) and the raw body its signed webhook needs. */
@Module({
  controllers: [CheckoutController, ViewerBillingController, CreditNotesController, WebhooksController],
  providers: [
    {
      // Added while the app is built, before any route exists: Fastify gives each route the hooks added before it.
      provide: RAW_BODY_HOOK,
      inject: [HttpAdapterHost, GatewayConfig, NATS_CONNECTION],
      useFactory: (host: HttpAdapterHost, config: GatewayConfig, nats: NatsConnection) =>
        keepRawBody(
          host.httpAdapter.getInstance<FastifyInstance>(),
          [RAZORPAY_WEBHOOK_PATH],
          Math.min(config.BODY_LIMIT_BYTES, webhookBodyLimit(nats.info?.max_payload)),
        ),
    },
  ],
})
export class BillingModule {}
