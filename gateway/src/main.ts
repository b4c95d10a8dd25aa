import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@chitram/nest-kit';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(GatewayConfig, 'gateway');
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const app = await createGatewayApp(config, logger);
  await app.listen(config.PORT, config.HOST);
  logger.info({ port: config.PORT }, 'gateway ready');
}

void main();
