import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { returnPathFrom } from '@chitram/contracts/web';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/session-store';
import { Spinner } from '../ui/Spinner';
import { decideGuard, type GuardRule } from './guard-rules';

/** SPEC §2.3: the spinner shows while the session restores, for at most 1.5 seconds. */
export const RESTORE_WAIT_MS = 1500;

type GuardProps = GuardRule & { children: ReactNode };

/** Renders its children when the rule allows, otherwise redirects (SPEC §2.3). */
export function Guard({ children, ...rule }: GuardProps) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const admin = useSession((s) => s.admin);
  const restored = useSession((s) => s.restored);
  const [gaveUpWaiting, setGaveUpWaiting] = useState(false);
  const { pathname, search, state } = useLocation();

  useEffect(() => {
    if (restored) return;
    const timer = setTimeout(() => setGaveUpWaiting(true), RESTORE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [restored]);

  if (!restored && !gaveUpWaiting) return <Spinner label={t('app.checkingSession')} />;
  const redirectTo = decideGuard(rule, { user, admin });
  if (!redirectTo) return children;
  // A page that needs sign-in sends the visitor to log in and back there afterwards; a login page that
  // turns a signed-in person away sends them on to where they were going.
  if (rule.kind === 'private')
    return <Navigate to={redirectTo} replace state={{ returnTo: `${pathname}${search}` }} />;
  const returnTo = returnPathFrom((state as { returnTo?: unknown } | null)?.returnTo);
  return <Navigate to={returnTo ?? redirectTo} replace />;
}
