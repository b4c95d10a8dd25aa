import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { createLogger, exitAfter, loadConfigOrExit, startTracing } from '@chitram/nest-kit';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';
import { drainAndClose, GatewayReadiness } from './health/readiness';

/**
 * The gateway's live heap is small (about 40 MB, mostly the code it loads) and nearly everything a
 * request allocates dies young, yet V8 set each next full collection just above the live heap: under
 * bench:catalog's cold searches that was a 6-14 ms pause two or three times a second, holding up every
 * request in flight. Letting the old generation grow to three times the live heap first makes them
 * rare (measured: 4-6 full collections in three seconds of cold searches before, 2-3 after), for
 * about 80 MB more at the peak, well inside the gateway's memory limit (deploy/kubernetes).
 */
setFlagsFromString('--heap-growing-percent=200');

async function main(): Promise<void> {
  const config = loadConfigOrExit(GatewayConfig, 'gateway');
  const logger = createLogger('gateway', config.LOG_LEVEL);
  // Before the app is built: it adds its tracing hooks only when tracing is on (D41).
  if (await startTracing({ app: 'gateway', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }))
    logger.info('tracing on: spans exported over OTLP');
  const app = await createGatewayApp(config, logger);
  await app.listen(config.PORT, config.HOST);
  logger.info({ port: config.PORT }, 'gateway ready');

  // SIGTERM (an orchestrator's stop) drains first; Ctrl-C in a terminal stops at once.
  let stopping = false;
  const stop = (drainMs: number) => {
    if (stopping) return;
    stopping = true;
    exitAfter(drainAndClose(app, app.get(GatewayReadiness), drainMs, logger), logger);
  };
  process.once('SIGTERM', () => stop(config.SHUTDOWN_DRAIN_MS));
  process.once('SIGINT', () => stop(0));
}

void main();
