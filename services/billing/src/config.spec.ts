import { loadConfig } from '@chitram/nest-kit';
import { BillingConfig, SANDBOX_KEYS } from './config';

describe('billing configuration (DECISIONS D19)', () => {
  it('takes sandbox payments in development, with its own keys', () => {
    const config = loadConfig(BillingConfig, {});
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.RAZORPAY_KEY_ID).toBe(SANDBOX_KEYS.keyId);
  });

  it('refuses the sandbox, its keys and a stand-in API in production, naming each', () => {
    expect(() => loadConfig(BillingConfig, { NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    const problems = (() => {
      try {
        loadConfig(BillingConfig, {
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'razorpay',
          RAZORPAY_API_BASE_URL: 'http://127.0.0.1:9999',
        });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_API_BASE_URL',
    ])
      expect(problems).toContain(name);
  });

  it('starts in production with Razorpay’s own keys', () => {
    const config = loadConfig(BillingConfig, {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_Abcdefghijklmn',
      RAZORPAY_KEY_SECRET: 'live-secret',
      RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
      TRIAL_HASH_SECRET: 'a-production-trial-hash-secret-of-40-chars',
    });
    expect(config.usesSandbox).toBe(false);
  });

  it('refuses the development trial hash key in production (D33: the trial is kept per number as its HMAC)', () => {
    expect(() =>
      loadConfig(BillingConfig, {
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_Abcdefghijklmn',
        RAZORPAY_KEY_SECRET: 'live-secret',
        RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
      }),
    ).toThrow(/TRIAL_HASH_SECRET/);
  });

  it('refuses a supplier state that is not its GSTIN’s (D32)', () => {
    expect(loadConfig(BillingConfig, {}).SELLER_STATE_CODE).toBe('36');
    expect(() => loadConfig(BillingConfig, { SELLER_STATE_CODE: '29' })).toThrow(/SELLER_STATE_CODE/);
    expect(() => loadConfig(BillingConfig, { SELLER_STATE_CODE: '25' })).toThrow(/SELLER_STATE_CODE/);
    expect(
      loadConfig(BillingConfig, { SELLER_STATE_CODE: '29', SELLER_GSTIN: '29AABCC1234D1Z9' })
        .SELLER_STATE_CODE,
    ).toBe('29');
  });
});
