import { makeEarlySignIns } from './early-sign-ins';

/** Before the first spec: the sign-ins whose numbers a spec signs in again later (./early-sign-ins.ts). */
export default async function globalSetup(): Promise<void> {
  await makeEarlySignIns();
}
