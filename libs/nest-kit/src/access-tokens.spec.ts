import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@chitram/contracts';
import {
  AccessTokenSigner,
  AccessTokenVerifier,
  developmentSigningKey,
  verificationKey,
  signingKey,
} from './access-tokens';

const parties = { issuer: 'chitram-auth', audience: 'chitram-api' };
const claims = () => ({ sub: randomUUID(), role: 'user' as const, sid: randomUUID() });

describe('access tokens', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const signer = new AccessTokenSigner(privateKey, { ...parties, ttlSeconds: 900 });
  const verifier = new AccessTokenVerifier(publicKey, parties);

  it('carry sub, role and sid, issued now and valid 15 minutes, signed with EdDSA', async () => {
    const wanted = claims();
    const token = await signer.sign(wanted);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      typ: 'JWT',
    });
    const verified = await verifier.verify(token);
    expect(verified).toEqual({ ...wanted, iat: expect.any(Number), exp: expect.any(Number) });
    expect(verified.exp - verified.iat).toBe(900);
    expect(Math.abs(verified.iat - Date.now() / 1000)).toBeLessThan(5);
  });

  it('are refused when expired (TOKEN_EXPIRED), for another issuer or with claims missing (TOKEN_INVALID)', async () => {
    const expired = new AccessTokenSigner(privateKey, { ...parties, ttlSeconds: -60 });
    await expect(verifier.verify(await expired.sign(claims()))).rejects.toMatchObject({
      code: ErrorCode.TOKEN_EXPIRED,
    });
    const foreign = new AccessTokenSigner(privateKey, {
      ...parties,
      issuer: 'someone-else',
      ttlSeconds: 900,
    });
    await expect(verifier.verify(await foreign.sign(claims()))).rejects.toMatchObject({
      code: ErrorCode.TOKEN_INVALID,
    });
    const noSession = await signer.sign({ ...claims(), sid: 'not-a-uuid' });
    await expect(verifier.verify(noSession)).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    const oddRole = await signer.sign({ ...claims(), role: 'root' as 'user' });
    await expect(verifier.verify(oddRole)).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
  });

  it("carry an admin's role (adm, D34), and refuse one on a viewer's token or one there is not", async () => {
    const admin = { ...claims(), role: 'admin' as const, adminRole: 'finance' as const };
    expect(await verifier.verify(await signer.sign(admin))).toMatchObject({ adminRole: 'finance' });
    await expect(
      verifier.verify(await signer.sign({ ...claims(), role: 'user', adminRole: 'owner' })),
    ).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    await expect(
      verifier.verify(await signer.sign({ ...admin, adminRole: 'root' as 'owner' })),
    ).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
  });

  it("carry a viewer's chosen profile (prf, D37), and refuse one that is not an id or on an admin's token", async () => {
    const profileId = randomUUID();
    expect(await verifier.verify(await signer.sign({ ...claims(), profileId }))).toMatchObject({ profileId });
    expect(await verifier.verify(await signer.sign(claims()))).not.toHaveProperty('profileId');
    await expect(
      verifier.verify(await signer.sign({ ...claims(), profileId: 'kids' })),
    ).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    await expect(
      verifier.verify(await signer.sign({ ...claims(), role: 'admin', adminRole: 'owner', profileId })),
    ).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
  });

  it('are checked once each, until they expire', async () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const fresh = new AccessTokenVerifier(publicKey, parties);
      const short = new AccessTokenSigner(privateKey, { ...parties, ttlSeconds: 60 });
      const token = await short.sign(claims());
      const first = await fresh.verify(token);
      expect(await fresh.verify(token)).toBe(first);
      // Past its expiry (and the clocks' tolerance) the same token is refused.
      jest.setSystemTime(Date.now() + 66_000);
      await expect(fresh.verify(token)).rejects.toMatchObject({ code: ErrorCode.TOKEN_EXPIRED });
      // A token altered by one character is another token: checked, and refused.
      const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      await expect(fresh.verify(altered)).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    } finally {
      jest.useRealTimers();
    }
  });

  it('cannot be made with a key of another kind', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => new AccessTokenSigner(rsa.privateKey, { ...parties, ttlSeconds: 900 })).toThrow(/Ed25519/);
    expect(() => new AccessTokenVerifier(rsa.publicKey, parties)).toThrow(/Ed25519/);
  });
});

describe('the development signing key', () => {
  it('is made once in its file and shared by every reader, the gateway deriving the public half', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-keys-')), 'nested', 'dev.pem');
    const keys = await Promise.all(Array.from({ length: 5 }, async () => developmentSigningKey(file)));
    const exported = new Set(keys.map((k) => k.export({ type: 'pkcs8', format: 'pem' }).toString()));
    expect(exported.size).toBe(1);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['dev.pem']);
    expect(fs.statSync(file).mode & 0o077).toBe(0);

    const signer = new AccessTokenSigner(signingKey('', file), { ...parties, ttlSeconds: 60 });
    const verifier = new AccessTokenVerifier(verificationKey('', file), parties);
    await expect(verifier.verify(await signer.sign(claims()))).resolves.toBeDefined();
  });

  it('is not used when a key is configured', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const file = path.join(os.tmpdir(), `never-${randomUUID()}.pem`);
    expect(signingKey(pem.replace(/\n/g, '\\n'), file).equals(privateKey)).toBe(true);
    expect(
      verificationKey(publicKey.export({ type: 'spki', format: 'pem' }).toString(), file).equals(publicKey),
    ).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });
});
