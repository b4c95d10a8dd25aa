import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { runWithRequestContext } from '@chitram/nest-kit';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';

/** Runs each route handler inside its request's context so logs and NATS calls carry the request id. */
export class HttpRequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId: request.id }, () => next.handle().subscribe(subscriber)),
    );
  }
}
