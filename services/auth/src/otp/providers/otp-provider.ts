import type { OtpProviderName } from '../../config';

/** What a provider that keeps its own codes says about a guess. */
export type ProviderCheck = 'approved' | 'wrong' | 'expired' | 'exhausted';

/**
 * Delivers codes (DECISIONS D3). Either we make the code and the provider only carries it (`console`),
 * or the provider makes, keeps and checks it and we never see it (`twilio`, Verify API).
 */
export abstract class OtpProvider {
  abstract readonly name: OtpProviderName;
  /** True when the provider makes and checks codes itself. */
  abstract readonly keepsCodes: boolean;

  /** Sends a code to the number: `code` when we made it, nothing when the provider makes its own. */
  abstract send(phoneNumber: string, code: string | undefined): Promise<void>;

  /** Checks a guess with the provider; only called when it keeps the codes. */
  abstract check(phoneNumber: string, code: string): Promise<ProviderCheck>;
}
