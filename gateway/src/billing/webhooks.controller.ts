import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { DomainError, ErrorCode, Subjects, type WebhookReceipt } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/access';

export const RAZORPAY_WEBHOOK_PATH = '/api/webhooks/razorpay';

/**
 * Razorpay's webhooks (DECISIONS D18). Not behind viewer sign-in: the signature over the raw body is
 * the caller's proof, and billing checks it. Anything but a 2xx makes Razorpay deliver again later, so
 * a billing service that is down (503) loses nothing.
 */
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('razorpay')
  @Public()
  @HttpCode(200)
  @ApiExcludeEndpoint()
  razorpay(
    @Req() request: FastifyRequest,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ): Promise<WebhookReceipt> {
    if (!request.rawBody?.length || !signature)
      throw new DomainError(ErrorCode.WEBHOOK_SIGNATURE_INVALID, 'A signed webhook body is required.');
    return this.rpc.call(Subjects.billing.webhook, {
      rawBody: request.rawBody.toString('base64'),
      signature: signature.slice(0, 256),
      ...(eventId ? { eventId: eventId.slice(0, 128) } : {}),
    });
  }
}
