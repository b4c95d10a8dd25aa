import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { DomainError, ErrorCode, HTTP_STATUS_BY_CODE, type ErrorBody } from '@chitram/contracts';
import { isUnreachableServer, unreachableServerError, type Logger } from '@chitram/nest-kit';
import type { FastifyReply } from 'fastify';

/** Fastify's own error codes for malformed requests, in the product's words. */
const FASTIFY_ERRORS: Record<string, ErrorBody> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: 'This content type is not accepted here.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.BAD_REQUEST, message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.BAD_REQUEST, message: 'The body is not valid JSON.' },
};

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.ROUTE_NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

/** The one place where an error becomes an HTTP answer: `{code, message}` with the status of the code table. */
export function toErrorBody(exception: unknown): ErrorBody | undefined {
  if (exception instanceof DomainError) return exception.toBody();
  if (exception instanceof HttpException) {
    const code = STATUS_CODES[exception.getStatus()];
    if (code) {
      const message =
        code === ErrorCode.ROUTE_NOT_FOUND ? 'There is nothing at this address.' : exception.message;
      return { code, message };
    }
  }
  const fastifyCode = (exception as { code?: unknown })?.code;
  if (typeof fastifyCode === 'string' && FASTIFY_ERRORS[fastifyCode]) return FASTIFY_ERRORS[fastifyCode];
  if (typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_ERR_CTP_')) {
    return { code: ErrorCode.BAD_REQUEST, message: (exception as Error).message };
  }
  return undefined;
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    let body = toErrorBody(exception);
    if (!body && isUnreachableServer(exception)) {
      // Redis away (restarting): the client may try again, and gets 503, not 500.
      this.logger.warn({ err: exception }, 'a server the gateway needs is unreachable');
      body = unreachableServerError().toBody();
    }
    if (!body) {
      this.logger.error({ err: exception }, 'unhandled error');
      body = { code: ErrorCode.INTERNAL, message: 'Something went wrong.' };
    }
    if (body.retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(body.retryAfterSeconds));
    void reply.status(HTTP_STATUS_BY_CODE[body.code]).send(body);
  }
}
