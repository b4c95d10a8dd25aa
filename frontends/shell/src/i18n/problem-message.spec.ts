import i18next from 'i18next';
import en from './locales/en.json';
import ta from './locales/ta.json';
import { problemMessage } from './problem-message';

describe("the server's error codes in the interface language (issue 11)", () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'ta',
      fallbackLng: 'en',
      defaultNS: 'shell',
      resources: { en: { shell: en }, ta: { shell: ta } },
    });
  });

  it('words a known code in the chosen language', async () => {
    await i18next.changeLanguage('ta');
    expect(problemMessage({ status: 400, code: 'OTP_EXPIRED', message: 'This OTP has expired.' })).toBe(
      ta.errors.OTP_EXPIRED,
    );
    await i18next.changeLanguage('en');
    expect(problemMessage({ status: 429, code: 'RATE_LIMITED', message: 'x' })).toBe(
      'Too many requests. Please try again later.',
    );
  });

  it("keeps the caller's words when there was no code, and never shows a server's own words (issue 19)", async () => {
    await i18next.changeLanguage('ta');
    expect(problemMessage({ status: 0, code: 'NETWORK', message: 'OTP அனுப்ப முடியவில்லை.' })).toBe(
      'OTP அனுப்ப முடியவில்லை.',
    );
    expect(
      problemMessage({ status: 502, code: 'BAD_GATEWAY', message: 'The service could not be reached.' }),
    ).toBe(ta.errors.INTERNAL);
    await i18next.changeLanguage('en');
    expect(problemMessage({ status: 500, code: 'SOMETHING_NEW', message: 'Error: boom' })).toBe(
      'Something went wrong.',
    );
    await i18next.changeLanguage('ta');
    expect(problemMessage({ status: 502, code: 'GATEWAY_UNREACHABLE', message: 'x' })).toBe(
      ta.errors.GATEWAY_UNREACHABLE,
    );
  });
});
