import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context';
import { traceFields, tracingOn } from './tracing';

/**
 * One structured (JSON) logger per app; every line carries the app name and, inside a request, its id,
 * and while tracing is on the active span's `traceId` and `spanId`.
 */
export function createLogger(app: string, level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app },
      mixin() {
        const requestId = currentRequestId();
        if (tracingOn()) return requestId ? { requestId, ...traceFields() } : traceFields();
        return requestId ? { requestId } : {};
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** Adapts pino to Nest's LoggerService so framework messages land in the same JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
export type { Logger };
