import { useEffect, useReducer } from 'react';
import { secondsUntil } from './sign-in-rules';

/** Seconds left until `resendAt`, ticking down to 0 (SPEC §4.3 'Resend OTP in {n}'). */
export function useSecondsUntil(resendAt: number | null): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (resendAt === null || resendAt <= Date.now()) return;
    // Several ticks a second, so the label changes on the second rather than up to a second late.
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= resendAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [resendAt]);

  // Read at render time, so a new send shows its full wait at once.
  return secondsUntil(resendAt, Date.now());
}
