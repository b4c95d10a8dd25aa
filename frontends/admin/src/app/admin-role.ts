import { adminMayUse, isAdminRole, type AdminArea, type AdminRole } from '@chitram/contracts/web';
import { useMemo } from 'react';
import { useHost } from './host';

/**
 * The admin role an access token carries (its `adm` claim, issue 20), read without checking the
 * signature: it only decides what the back office shows; the gateway checks every call.
 */
export function adminRoleOf(token: string | undefined): AdminRole | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const role: unknown = (JSON.parse(json) as { adm?: unknown }).adm;
    return isAdminRole(role) ? role : null;
  } catch {
    return null;
  }
}

/** The signed-in admin's role; it follows the token as it is renewed. */
export function useAdminRole(): AdminRole | null {
  const { useSession } = useHost();
  const token = useSession((s) => s.admin?.token);
  return useMemo(() => adminRoleOf(token), [token]);
}

/** Whether the signed-in admin may use this area of the back office. */
export function useMayUse(area: AdminArea): boolean {
  return adminMayUse(useAdminRole(), area);
}
