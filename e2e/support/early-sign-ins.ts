import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshClientIp, subscribedSession, viewerSession } from './sessions';

// A number may have its next code a minute after its last (DECISIONS D4). The specs that sign one number
// in twice (a second screen, a second device) have its first sign-in made here, in the suite's global
// set-up, so that the minute has mostly passed when they reach the second, instead of each spec
// waiting it out on its own (two minutes of the browser stage). A spec run alone still waits what is
// left of the minute (`waitForNextCode`).

/** The first sign-ins the suite makes before its first spec. */
const EARLY = {
  /** A viewer with Basic (one screen): the playback spec's first screen. */
  basicViewer: () => subscribedSession('basic'),
  /** A viewer without a plan: the language spec's first device. */
  viewer: () => viewerSession(freshClientIp()),
} satisfies Record<string, () => Promise<object>>;

export type EarlyName = keyof typeof EARLY;
export interface EarlySignIn {
  /** The session as the API answered it (`phoneNumber` in the form +91…). */
  session: { token: string; phoneNumber: string };
  /** The national number, as the sign-in form takes it. */
  phone: string;
  /** When its code was asked for (ms since the epoch). */
  sentAt: number;
}

const FILE_VARIABLE = 'E2E_EARLY_SIGN_INS';

async function signInNow(name: EarlyName): Promise<EarlySignIn> {
  const sentAt = Date.now();
  const session = (await EARLY[name]()) as EarlySignIn['session'];
  return { session, phone: session.phoneNumber.replace('+91', ''), sentAt };
}

/** Jest's global set-up: every early sign-in, written to a file that the specs' workers read. */
export async function makeEarlySignIns(): Promise<void> {
  const names = Object.keys(EARLY) as EarlyName[];
  const made = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await signInNow(n)])));
  const file = join(tmpdir(), `chitram-e2e-early-sign-ins-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(made));
  process.env[FILE_VARIABLE] = file;
}

/** Jest's global tear-down: the file goes. */
export function forgetEarlySignIns(): void {
  const file = process.env[FILE_VARIABLE];
  if (file) rmSync(file, { force: true });
}

/** An early sign-in; made now when the suite's global set-up did not run (a spec run on its own). */
export async function earlySignIn(name: EarlyName): Promise<EarlySignIn> {
  const file = process.env[FILE_VARIABLE];
  if (!file) return signInNow(name);
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<EarlyName, EarlySignIn>)[name];
}

/** Waits until the number of `signIn` may be sent its next code (a minute after the first, and a second). */
export async function waitForNextCode(signIn: EarlySignIn): Promise<void> {
  const left = signIn.sentAt + 61_000 - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
