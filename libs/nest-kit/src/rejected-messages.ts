import { DomainError, ErrorCode } from '@chitram/contracts';
import type { Logger } from './logging';

/**
 * Where a message a service could not use arrived: a request subject it serves, a core NATS notice it
 * listens to (cache invalidations, lock releases), an event or a job from JetStream.
 */
export type MessageKind = 'request' | 'notice' | 'event' | 'job';

/** Each subject's first rejections are logged one by one; after that one line in this many, so garbage cannot flood the log. */
const LOGGED_IN_FULL = 10;
const LOG_ONE_IN = 1000;

/**
 * The messages a service refused or dropped because it could not read them (not JSON, the wrong
 * shape, empty, binary): counted by kind, readable in its health report and in tests, and each logged
 * with its subject. A message never ends the process.
 */
export class RejectedMessages {
  private readonly byKind: Record<MessageKind, number> = { request: 0, notice: 0, event: 0, job: 0 };
  private readonly bySubject = new Map<string, number>();

  constructor(private readonly logger: Logger) {}

  record(kind: MessageKind, subject: string, problem: string, details: Record<string, unknown> = {}): void {
    this.byKind[kind]++;
    const seen = (this.bySubject.get(subject) ?? 0) + 1;
    // Subjects are bounded by what the service subscribes to; garbage subjects cannot grow the map.
    this.bySubject.set(subject, seen);
    if (seen <= LOGGED_IN_FULL || seen % LOG_ONE_IN === 0)
      this.logger.warn({ kind, subject, problem, rejectedOnSubject: seen, ...details }, 'message rejected');
  }

  counts(): Record<MessageKind, number> {
    return { ...this.byKind };
  }
}

/**
 * A message that cannot be used however often it comes: refused (with BAD_MESSAGE when someone waits
 * for an answer), or terminated on JetStream rather than redelivered. `problem` says why, for the log.
 */
export class UnreadableMessage extends Error {
  constructor(readonly problem: string) {
    super(`unreadable message: ${problem}`);
    this.name = 'UnreadableMessage';
  }
}

/** Deeper than any payload of ours: refused before validation walks it (class-transformer recurses). */
export const MAX_MESSAGE_DEPTH = 64;

/** Whether parsed JSON nests arrays or objects deeper than `limit`; walked with a stack, not recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses a message's bytes as JSON, or throws UnreadableMessage naming what is wrong (empty, not UTF-8,
 * not JSON, nested too deep).
 */
export function parseMessageJson(bytes: Uint8Array): unknown {
  if (!bytes.length) throw new UnreadableMessage('it is empty');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new UnreadableMessage('it is not UTF-8 text');
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new UnreadableMessage('it is not JSON');
  }
  // A payload nested deeper than the limit needs at least two bytes a level.
  if (bytes.length > 2 * MAX_MESSAGE_DEPTH && nestsDeeperThan(value, MAX_MESSAGE_DEPTH))
    throw new UnreadableMessage(`it nests deeper than ${MAX_MESSAGE_DEPTH} levels`);
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Postgres's class 22, data exceptions (text that is not a uuid, a date out of range): the data is wrong, not the moment. */
function isPostgresDataException(error: unknown): boolean {
  const code = (error as { driverError?: { code?: unknown } } | null)?.driverError?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Whether a handler's failure says the message itself is unusable, so trying it again can only fail
 * again: it is unreadable, a DomainError refusing it as bad input, a TypeError (a handler reading a
 * field the payload does not have) or a database refusing its values. Anything else (a database or a
 * service down) is worth a retry.
 */
export function isUnusableMessageError(error: unknown): boolean {
  if (error instanceof UnreadableMessage || error instanceof TypeError) return true;
  if (error instanceof DomainError)
    return error.code === ErrorCode.BAD_MESSAGE || error.code === ErrorCode.VALIDATION_FAILED;
  return isPostgresDataException(error);
}
