import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { REQUEST_ID_HEADER } from '@chitram/contracts';
import {
  createLogger,
  HealthRegistry,
  observeHttpRequest,
  PinoNestLogger,
  requestIdFrom,
  runWithRequestContext,
  startHealthServer,
  strictValidationPipe,
  tracingOn,
  type Logger,
} from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { GatewayConfig } from './config';
import { compressRepeatedAnswers } from './http/compressed-answers';
import { registerCompression } from './http/compression';
import { HttpErrorFilter } from './http/error.filter';
import { refuseMalformedInput } from './http/input-guards';
import { JsonOnlyGuard } from './http/json-only';
import { streamedMultipart } from './http/multipart';
import { drainRefusedBodies } from './http/refused-body';
import { traceRequests } from './http/tracing';
import { addSecurityHeaders, API_HEADERS, PAGE_HEADERS } from './security-headers';

/** Builds the gateway: Fastify, security headers, CORS, validation, error mapping, request ids, OpenAPI. */
export async function createGatewayApp(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    return503OnClosing: true,
    // Stream URLs carry their signed token in the path (about 200 characters); Fastify's default is 100.
    maxParamLength: 512,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.create(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
  });
  const fastify = app.getHttpAdapter().getInstance();
  // Guards, pipes, the handler, its NATS calls and the error filter all run inside the request's
  // context, so logs and NATS messages carry its id. preValidation comes after the body is read (its
  // stream events would leave an earlier context) and just before Nest. A hook, not a Nest interceptor:
  // any global interceptor makes Nest wrap every request in AsyncResource bindings and rxjs streams.
  // A span per request while tracing is on (started before this app was built: main.ts, tests).
  if (tracingOn()) traceRequests(fastify);
  fastify.addHook('preValidation', (request, _reply, done) => {
    runWithRequestContext({ requestId: request.id }, done);
  });
  // Deep nesting and NUL bytes are refused here, once, before validation or any handler sees them.
  fastify.addHook('preValidation', refuseMalformedInput);
  drainRefusedBodies(fastify);
  // Hooks that call back rather than async ones, which cost every request a promise each.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // By route template (`/api/titles/:id`), never the URL; a request no route matched is `unmatched`.
    observeHttpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          requestId: request.id,
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    }
    done();
  });

  // The API answers JSON, with the headers such an answer needs; the OpenAPI page is the one page the
  // gateway renders. The shell sets its own page policy.
  addSecurityHeaders(fastify, { api: API_HEADERS, page: PAGE_HEADERS, pagesUnder: '/api/docs' });
  compressRepeatedAnswers(fastify);
  await registerCompression(app);
  // Multipart forms are read as streams by the routes that take them (src/media/upload-form.ts),
  // each with its own limits; nothing is buffered or written to disk here.
  await app.register(streamedMultipart);
  app.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    exposedHeaders: [REQUEST_ID_HEADER, 'retry-after'],
  });
  app.setGlobalPrefix('api');
  app.useGlobalGuards(new JsonOnlyGuard());
  app.useGlobalPipes(strictValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(logger));

  const openApi = new DocumentBuilder()
    .setTitle('Chitram API')
    .setDescription('The public HTTP API of Chitram: paths of SPEC §7 and the new ones.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  if (config.METRICS_PORT) {
    // Prometheus metrics (and liveness) on an internal port of their own, never through the API.
    const metrics = await startHealthServer(config.METRICS_PORT, new HealthRegistry('gateway'), config.HOST);
    fastify.addHook('onClose', (_instance, done) => {
      metrics.close(() => done());
      metrics.closeAllConnections();
    });
  }
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  return app;
}
