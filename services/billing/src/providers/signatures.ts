import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 as hex, Razorpay's signature for payments and webhooks alike. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Compares a received signature with the expected one in constant time; any other shape is simply wrong. */
export function signatureMatches(expectedHex: string, received: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = /^[0-9a-f]+$/i.test(received) ? Buffer.from(received, 'hex') : Buffer.alloc(0);
  // Compare equal lengths so the time taken does not depend on where they differ.
  const padded = given.length === expected.length ? given : Buffer.alloc(expected.length);
  return timingSafeEqual(expected, padded) && given.length === expected.length;
}

/** Razorpay Checkout's signature of a successful payment: HMAC of `order_id|payment_id` with the key secret. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function paymentSignatureValid(
  keySecret: string,
  orderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return signatureMatches(paymentSignature(keySecret, orderId, paymentId), signature);
}

/** A webhook's `X-Razorpay-Signature`: HMAC of the exact raw body with the webhook secret. */
export function webhookSignatureValid(webhookSecret: string, rawBody: Buffer, signature: string): boolean {
  return signatureMatches(hmacHex(webhookSecret, rawBody), signature);
}
