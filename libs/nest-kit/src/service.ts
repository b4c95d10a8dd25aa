import {
  Controller,
  type DynamicModule,
  Inject,
  Module,
  type INestMicroservice,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { Subjects, type ServiceName } from '@chitram/contracts';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig, type ServiceConfig } from './config';
import { Handles } from './handles';
import { createDataSource, databaseName, ensureDatabase, type DatabaseDefinition } from './database';
import { HealthRegistry, startHealthServer } from './health';
import { createLogger, LOGGER, PinoNestLogger, type Logger } from './logging';
import { RejectedMessages } from './rejected-messages';
import { connectNats, natsConnectionSettings } from './nats';
import { RpcClient } from './rpc-client';
import { ContextualNatsServer, RpcErrorFilter, strictValidationPipe } from './rpc-server';
import { CONFIG, NATS_CONNECTION } from './tokens';
import { startTracing, stopTracing } from './tracing';

/** Everything that makes one back-end service: its name (and so its queue group), config, module and tables. */
export interface ServiceDefinition<C extends ServiceConfig = ServiceConfig> {
  name: ServiceName;
  config: new () => C;
  module: Type<unknown>;
  database: DatabaseDefinition;
}

export function defineService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): ServiceDefinition<C> {
  return definition;
}

@Module({})
class ServiceKitModule {}

@Module({})
class ServiceRootModule {}

function healthResponder(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthResponder {
    constructor(@Inject(HealthRegistry) private readonly health: HealthRegistry) {}

    @Handles(Subjects.health(service))
    report() {
      return this.health.report();
    }
  }
  return HealthResponder;
}

/** Loads the config; a bad environment ends the process with a message naming every bad variable. */
export function loadConfigOrExit<C extends object>(target: new () => C, app: string): C {
  try {
    return loadConfig(target);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${app}: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

export interface RunningService {
  app: INestMicroservice;
  dataSource: DataSource;
  health: HealthRegistry;
  logger: Logger;
  /** The messages it could not read, by kind. */
  rejections: RejectedMessages;
  close(): Promise<void>;
}

/**
 * Builds and starts one service: a NATS microservice in its queue group (so instances share the
 * load), the shared pipes and filters, its database, its health responder and HTTP health server.
 * Used by each service's main.ts and by integration tests alike.
 */
export async function startService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: C,
  logger: Logger = createLogger(definition.name, config.LOG_LEVEL),
): Promise<RunningService> {
  const dataSource = createDataSource(definition.name, config, definition.database);
  await dataSource.initialize();
  const rejections = new RejectedMessages(logger);
  const health = new HealthRegistry(definition.name, rejections);
  health.register('database', async () => {
    await dataSource.query('SELECT 1');
  });
  // A connection of the service's own for what it asks other services and for JetStream events; the
  // microservice transport keeps its own for the requests it serves.
  const nats = await connectNats(config.NATS_URL, `chitram-${definition.name}-client`);
  const rpc = new RpcClient(nats, config.RPC_TIMEOUT_MS);

  const kit: DynamicModule = {
    module: ServiceKitModule,
    global: true,
    controllers: [healthResponder(definition.name)],
    providers: [
      { provide: CONFIG, useValue: config },
      { provide: definition.config, useValue: config },
      { provide: DataSource, useValue: dataSource },
      { provide: HealthRegistry, useValue: health },
      { provide: LOGGER, useValue: logger },
      { provide: NATS_CONNECTION, useValue: nats },
      { provide: RpcClient, useValue: rpc },
      { provide: RejectedMessages, useValue: rejections },
    ],
    exports: [
      CONFIG,
      definition.config,
      DataSource,
      HealthRegistry,
      LOGGER,
      NATS_CONNECTION,
      RpcClient,
      RejectedMessages,
    ],
  };
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(
    { module: ServiceRootModule, imports: [kit, definition.module] },
    {
      strategy: new ContextualNatsServer(
        {
          ...natsConnectionSettings(config.NATS_URL),
          queue: definition.name,
          name: `chitram-${definition.name}`,
          maxReconnectAttempts: -1,
          waitOnFirstConnect: true,
        },
        rejections,
      ),
      logger: new PinoNestLogger(logger),
    },
  );
  app.useGlobalPipes(strictValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter(logger));
  await app.listen();

  let healthServer: Server | undefined;
  if (config.HEALTH_PORT) healthServer = await startHealthServer(config.HEALTH_PORT, health, config.HOST);
  logger.info({ queue: definition.name, healthPort: config.HEALTH_PORT || null }, 'service ready');

  return {
    app,
    dataSource,
    health,
    logger,
    rejections,
    async close() {
      // Readiness goes down first and keeps answering so until the end: nothing new is sent here.
      health.markStopping();
      try {
        await app.close();
        await nats.drain().catch(() => nats.close());
        if (dataSource.isInitialized) await dataSource.destroy();
      } finally {
        healthServer?.close();
      }
    },
  };
}

/**
 * Ends an app's process once `closing` (its stop) is done and its last spans are sent: status 0, or 1
 * when the stop failed.
 */
export function exitAfter(closing: Promise<unknown>, logger: Logger): void {
  closing
    .then(() => stopTracing())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'unclean stop');
        process.exit(1);
      },
    );
}

/** Entry point of a service's main.ts. */
export async function bootstrapService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  const config = loadConfigOrExit(definition.config, definition.name);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  // Before the service is built, so the database and Redis drivers it loads are instrumented (D41).
  if (await startTracing({ app: definition.name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }))
    logger.info('tracing on: spans exported over OTLP');
  let running: RunningService;
  try {
    running = await startService(definition, config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `${definition.name} could not start (has "migrate" been run?)`);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    exitAfter(running.close(), logger);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/** Creates the service's database if missing and applies its pending migrations. */
export async function migrateService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config?: C,
): Promise<string[]> {
  const cfg = config ?? loadConfigOrExit(definition.config, definition.name);
  const logger = createLogger(definition.name, cfg.LOG_LEVEL);
  const database = databaseName(definition.name, cfg);
  if (await ensureDatabase(cfg.DATABASE_URL, database)) logger.info({ database }, 'created database');
  const dataSource = createDataSource(definition.name, cfg, definition.database);
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    logger.info(
      { database, applied: applied.map((m) => m.name) },
      applied.length ? 'migrations applied' : 'schema up to date',
    );
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

/** Entry point of a service's migrate.ts. */
export function runMigrateCli<C extends ServiceConfig>(definition: ServiceDefinition<C>): void {
  migrateService(definition).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `${definition.name}: migration failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
