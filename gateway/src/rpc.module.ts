import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { batchNatsWrites, connectNats, NATS_CONNECTION, RpcClient } from '@chitram/nest-kit';
import type { NatsConnection } from 'nats';
import { GatewayConfig } from './config';

/** The gateway's one NATS connection and the request/reply client built on it. */
@Global()
@Module({
  providers: [
    {
      provide: NATS_CONNECTION,
      inject: [GatewayConfig],
      // The requests of all the HTTP requests read in one turn of the event loop leave in one write.
      useFactory: async (config: GatewayConfig) =>
        batchNatsWrites(await connectNats(config.NATS_URL, 'chitram-gateway')),
    },
    {
      provide: RpcClient,
      inject: [NATS_CONNECTION, GatewayConfig],
      useFactory: (connection: NatsConnection, config: GatewayConfig) =>
        new RpcClient(connection, config.RPC_TIMEOUT_MS),
    },
  ],
  exports: [RpcClient, NATS_CONNECTION],
})
export class RpcModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly connection: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.drain();
  }
}
