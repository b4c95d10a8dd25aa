import helmet from '@fastify/helmet';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { REQUEST_ID_HEADER } from '@chitram/contracts';
import {
  createLogger,
  PinoNestLogger,
  requestIdFrom,
  strictValidationPipe,
  type Logger,
} from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { GatewayConfig } from './config';
import { HttpErrorFilter } from './http/error.filter';
import { HttpRequestContextInterceptor } from './http/request-context.interceptor';

/** Builds the gateway: Fastify, security headers, CORS, validation, error mapping, request ids, OpenAPI. */
export async function createGatewayApp(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.create(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  fastify.addHook('onResponse', async (request, reply) => {
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
  });

  await app.register(helmet, {
    // The API answers JSON only; the shell sets its own page policy.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    exposedHeaders: [REQUEST_ID_HEADER, 'retry-after'],
  });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(strictValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.useGlobalInterceptors(new HttpRequestContextInterceptor());
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('Chitram API')
    .setDescription('The public HTTP API of Chitram: paths of SPEC §7 and the new ones.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  return app;
}
