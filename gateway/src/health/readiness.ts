import { Controller, Get, Injectable, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Logger } from '@chitram/nest-kit';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access';

/**
 * Whether this gateway should be sent new requests. From the stop signal on it says no, while it still
 * answers what reaches it for the drain time, so a load balancer (Kubernetes' readiness probe) takes it
 * out of rotation before it closes its port, and no viewer's request meets a closed connection.
 */
@Injectable()
export class GatewayReadiness {
  private stopping = false;

  get ready(): boolean {
    return !this.stopping;
  }

  markStopping(): void {
    this.stopping = true;
  }
}

@ApiTags('health')
@Controller('health')
export class ReadinessController {
  constructor(private readonly readiness: GatewayReadiness) {}

  @Get('ready')
  @Public()
  @ApiOperation({ summary: 'This gateway takes new requests; 503 from its stop signal on (issue 20)' })
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    if (this.readiness.ready) return { status: 'up' };
    void reply.status(503);
    return { status: 'down', reason: 'the gateway is stopping' };
  }
}

/**
 * What the gateway does on SIGTERM: says it is not ready, keeps answering for `drainMs` while the load
 * balancer notices, then closes (in-flight requests finish; Nest's shutdown hooks run).
 */
export async function drainAndClose(
  app: { close(): Promise<void> },
  readiness: GatewayReadiness,
  drainMs: number,
  logger: Pick<Logger, 'info'>,
): Promise<void> {
  readiness.markStopping();
  logger.info({ drainMs }, 'stopping: not ready, draining');
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
}
