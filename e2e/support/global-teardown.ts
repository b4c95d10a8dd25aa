import { forgetEarlySignIns } from './early-sign-ins';

/** After the last spec: what the global set-up left behind. */
export default function globalTeardown(): void {
  forgetEarlySignIns();
}
