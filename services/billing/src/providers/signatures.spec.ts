import { createHmac } from 'node:crypto';
import {
  paymentSignature,
  paymentSignatureValid,
  signatureMatches,
  webhookSignatureValid,
} from './signatures';

describe('Razorpay signatures', () => {
  const secret = 'key-secret';

  it("signs a payment as Razorpay's documentation does: HMAC-SHA256 of order_id|payment_id", () => {
    const expected = createHmac('sha256', secret).update('order_ABC|pay_XYZ').digest('hex');
    expect(paymentSignature(secret, 'order_ABC', 'pay_XYZ')).toBe(expected);
    expect(paymentSignatureValid(secret, 'order_ABC', 'pay_XYZ', expected)).toBe(true);
  });

  it('refuses a tampered, truncated, foreign or malformed signature', () => {
    const good = paymentSignature(secret, 'order_ABC', 'pay_XYZ');
    const flipped = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(paymentSignatureValid(secret, 'order_ABC', 'pay_XYZ', flipped)).toBe(false);
    expect(paymentSignatureValid(secret, 'order_ABC', 'pay_XYZ', good.slice(0, 32))).toBe(false);
    expect(paymentSignatureValid(secret, 'order_OTHER', 'pay_XYZ', good)).toBe(false);
    expect(paymentSignatureValid('another-secret', 'order_ABC', 'pay_XYZ', good)).toBe(false);
    expect(signatureMatches(good, 'not hex at all')).toBe(false);
    expect(signatureMatches(good, '')).toBe(false);
  });

  it('checks a webhook over its exact bytes', () => {
    const body = Buffer.from('{"event":"payment.captured"}');
    const signature = createHmac('sha256', 'hook').update(body).digest('hex');
    expect(webhookSignatureValid('hook', body, signature)).toBe(true);
    expect(webhookSignatureValid('hook', Buffer.from('{"event": "payment.captured"}'), signature)).toBe(
      false,
    );
  });
});
