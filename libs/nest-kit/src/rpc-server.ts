import {
  type ArgumentsHost,
  BadRequestException,
  Catch,
  type RpcExceptionFilter,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { ServerNats } from '@nestjs/microservices';
import type { Msg as NatsMsg } from 'nats';
import { DomainError, ErrorCode, REQUEST_ID_HEADER, type ErrorBody } from '@chitram/contracts';
import { type Observable, throwError } from 'rxjs';
import type { Logger } from 'pino';
import { requestIdFrom, runWithRequestContext } from './request-context';

/** Flattens class-validator errors into `{ field: [messages] }`, nested fields dotted. */
export function validationFields(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) fields[path] = Object.values(e.constraints);
    if (e.children?.length) Object.assign(fields, validationFields(e.children, path));
  }
  return fields;
}

export function validationError(errors: ValidationError[]): DomainError {
  const fields = validationFields(errors);
  const first = Object.entries(fields)[0];
  const message = first ? `${first[0]}: ${first[1][0]}` : 'The request is not valid.';
  return new DomainError(ErrorCode.VALIDATION_FAILED, message, fields);
}

/** Validation used on both sides of NATS: unknown fields are refused, values converted to their declared types. */
export function strictValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: validationError,
  });
}

/** Turns anything a handler throws into the `{code, message}` body that travels back over NATS. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    let body: ErrorBody;
    if (exception instanceof DomainError) {
      body = exception.toBody();
    } else if (exception instanceof BadRequestException) {
      body = { code: ErrorCode.BAD_REQUEST, message: exception.message };
    } else {
      this.logger.error({ err: exception }, 'unhandled error in message handler');
      body = { code: ErrorCode.INTERNAL, message: 'Something went wrong.' };
    }
    return throwError(() => body);
  }
}

/**
 * NestJS's NATS server, running each incoming message inside the request context named by the
 * caller's request-id header. Done here rather than in a global interceptor, which would wrap every
 * message in extra async resources and observables and cost a large share of a small handler's time.
 */
export class ContextualNatsServer extends ServerNats {
  override handleMessage(channel: string, natsMsg: NatsMsg): Promise<unknown> {
    const requestId = requestIdFrom(natsMsg.headers?.get(REQUEST_ID_HEADER));
    return runWithRequestContext({ requestId }, () => super.handleMessage(channel, natsMsg));
  }
}
