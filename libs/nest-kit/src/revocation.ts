import { RevocationKeys } from '@chitram/contracts';
import type Redis from 'ioredis';
import type { VerifiedAccess } from './access-tokens';

/** Sets the subject's "revoked before" instant only if it moves it later, so a repeat changes nothing. */
const RAISE_REVOKED_BEFORE = `
local current = redis.call('GET', KEYS[1])
if current and tonumber(current) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;

/**
 * Access tokens live 15 minutes and are checked without asking the auth service, so ending a session
 * early needs a list the gateway reads on every request: revoked session families, and per subject an
 * instant before which its tokens no longer count. Entries live as long as an access token.
 * The auth service writes it; the gateway reads it.
 */
export class RevocationList {
  constructor(private readonly redis: Redis) {}

  async revokeSession(sessionId: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(RevocationKeys.session(sessionId), '1', 'EX', ttlSeconds);
  }

  /** Refuses the subject's access tokens issued at or before `at`. */
  async revokeSubjectBefore(subjectId: string, at: Date, ttlSeconds: number): Promise<void> {
    await this.redis.eval(
      RAISE_REVOKED_BEFORE,
      1,
      RevocationKeys.subject(subjectId),
      String(at.getTime()),
      String(ttlSeconds),
    );
  }

  async isRevoked(access: Pick<VerifiedAccess, 'sub' | 'sid' | 'iat'>): Promise<boolean> {
    const [session, revokedBefore] = await this.redis.mget(
      RevocationKeys.session(access.sid),
      RevocationKeys.subject(access.sub),
    );
    if (session !== null) return true;
    return revokedBefore !== null && access.iat * 1000 <= Number(revokedBefore);
  }
}
