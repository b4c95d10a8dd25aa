import type { AdminSession } from '@chitram/contracts';
import type { SessionsService } from '../sessions/sessions.service';
import type { AdminAccount } from './admin-account.entity';

/** Opens the session of an admin who has proved who they are (with a second factor where one is due). */
export async function openAdminSession(
  sessions: SessionsService,
  account: Pick<AdminAccount, 'id' | 'email' | 'role' | 'totpSecret'>,
  recoveryCodes?: string[],
): Promise<AdminSession> {
  const session = await sessions.open(account.id, 'admin', account.role);
  return {
    token: session.token,
    refreshToken: session.refreshToken,
    role: 'admin',
    adminRole: account.role,
    email: account.email,
    secondFactor: account.totpSecret !== null,
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}
