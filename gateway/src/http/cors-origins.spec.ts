import { loadConfig } from '@chitram/nest-kit';
import { testSigningKeys } from '@chitram/test-helpers';
import { GatewayConfig } from '../config';

describe('CORS_ORIGINS', () => {
  const production = (CORS_ORIGINS: string) => () =>
    loadConfig(GatewayConfig, {
      NODE_ENV: 'production',
      JWT_PUBLIC_KEY: testSigningKeys().publicPem,
      MEDIA_INTERNAL_TOKEN: 'a-token-of-production-of-32-characters-at-least',
      CORS_ORIGINS,
    });

  it('is read trimmed, so a "*" among spaces is still refused in production', () => {
    expect(production('*')).toThrow(/CORS_ORIGINS/);
    expect(production('https://chitram.in, *')).toThrow(/CORS_ORIGINS/);
    expect(production('https://chitram.in,\t* ,https://www.chitram.in')).toThrow(/CORS_ORIGINS/);
  });

  it('lists the origins trimmed', () => {
    expect(production(' https://chitram.in , https://www.chitram.in ,')().corsOrigins).toEqual([
      'https://chitram.in',
      'https://www.chitram.in',
    ]);
  });
});
