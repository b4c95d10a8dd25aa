import { defineCounter } from '@chitram/nest-kit';

/**
 * Payments as billing settled them (served at `/metrics`, nest-kit metrics.ts): captured (a plan
 * activated), refund_due (money taken that bought nothing), failed, repeat (a payment told again,
 * already settled). The alert on failing payments (deploy/observability) reads these.
 */
export const paymentsSettled = defineCounter({
  name: 'chitram_payments_total',
  help: 'Payments billing settled, by outcome (captured, refund_due, failed, repeat)',
  labelNames: ['outcome'] as const,
});

/** Open orders the sweep asked the provider about: settled, still open, or the asking failed. */
export const reconciliations = defineCounter({
  name: 'chitram_billing_reconciliations_total',
  help: 'Open orders the billing sweep reconciled with the provider, by outcome (settled, open, failed)',
  labelNames: ['outcome'] as const,
});
