import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../session/session-store';
import { Spinner } from '../ui/Spinner';
import { decideGuard, type GuardRule } from './guard-rules';

/** SPEC §2.3: the spinner shows while the session restores, for at most 1.5 seconds. */
export const RESTORE_WAIT_MS = 1500;

type GuardProps = GuardRule & { children: ReactNode };

/** Renders its children when the rule allows, otherwise redirects (SPEC §2.3). */
export function Guard({ children, ...rule }: GuardProps) {
  const user = useSession((s) => s.user);
  const admin = useSession((s) => s.admin);
  const restored = useSession((s) => s.restored);
  const [gaveUpWaiting, setGaveUpWaiting] = useState(false);

  useEffect(() => {
    if (restored) return;
    const timer = setTimeout(() => setGaveUpWaiting(true), RESTORE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [restored]);

  if (!restored && !gaveUpWaiting) return <Spinner label="Checking your session" />;
  const redirectTo = decideGuard(rule, { user, admin });
  return redirectTo ? <Navigate to={redirectTo} replace /> : children;
}
