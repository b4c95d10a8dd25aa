import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SERVICE_NAMES, Subjects, type PlatformHealthReport } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { FastifyReply } from 'fastify';
import { GatewayConfig } from '../config';
import { Public } from '../auth/access';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfig,
  ) {}

  @Get('live')
  @Public()
  @ApiOperation({ summary: 'The gateway process answers' })
  live() {
    return { status: 'up' };
  }

  @Get()
  @Public()
  @ApiOperation({ summary: 'Readiness of every service, asked over NATS; 503 when any is down' })
  @ApiOkResponse({ description: 'Every service is up' })
  async platform(@Res({ passthrough: true }) reply: FastifyReply): Promise<PlatformHealthReport> {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          const report = await this.rpc.call(
            Subjects.health(service),
            {},
            {
              timeoutMs: this.config.HEALTH_TIMEOUT_MS,
            },
          );
          return [service, { status: report.status, checks: report.checks }] as const;
        } catch (error) {
          return [service, { status: 'down' as const, error: (error as Error).message }] as const;
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const status = entries.every(([, s]) => s.status === 'up') ? 'up' : 'degraded';
    void reply.status(status === 'up' ? 200 : 503).header('cache-control', 'no-store');
    return { status, services };
  }
}
