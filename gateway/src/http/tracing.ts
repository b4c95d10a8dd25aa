import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  beginSpan,
  contextFrom,
  endSpan,
  SpanKind,
  withSpan,
  type TraceContext,
  type TraceSpan,
} from '@chitram/nest-kit';

/**
 * The gateway's part of a trace (DECISIONS D41): a server span per request, continuing the caller's
 * `traceparent` when it sends one, active for the guards, the handler and its NATS calls, and ended
 * when the answer has gone. Added only while tracing is on, so an untraced gateway runs none of it.
 */
export function traceRequests(fastify: FastifyInstance): void {
  const traced = new WeakMap<FastifyRequest, { span: TraceSpan; parent: TraceContext }>();
  // Before the request-context hook (app.ts), so the rest of the request runs inside the span.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const parent = contextFrom({ get: (name) => request.headers[name] });
    const route = request.routeOptions.url ?? 'unmatched';
    const span = beginSpan(`${request.method} ${route}`, SpanKind.SERVER, {
      parent,
      attributes: { 'http.request.method': request.method, 'http.route': route },
    });
    if (!span) return done();
    traced.set(request, { span, parent });
    withSpan(span, parent, done);
  });
  // Before the request log line (app.ts), which the next hook writes inside the span: it carries its traceId.
  fastify.addHook('onResponse', (request, reply, done) => {
    const entry = traced.get(request);
    if (!entry) return done();
    entry.span.setAttribute('http.response.status_code', reply.statusCode);
    endSpan(entry.span, reply.statusCode >= 500 ? `status ${reply.statusCode}` : undefined);
    withSpan(entry.span, entry.parent, done);
  });
}
