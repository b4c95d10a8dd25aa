import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminDashboardAnswer } from '@chitram/contracts';
import { AdminRoute } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { AdminDashboardService } from './admin-dashboard';

@ApiTags('admin')
@Controller('admin')
@AdminRoute('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: AdminDashboardService) {}

  @Get('dashboard')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ data, success, message } (SPEC §7): viewers, profiles per account (D37), subscribers by plan, revenue, titles, latest payments and sign-ups (D13; money only for owner and finance, issue 20); a service that is down leaves its part { available: false }',
  })
  figures(@CurrentPrincipal() admin: Principal): Promise<AdminDashboardAnswer> {
    return this.dashboard.gather(admin.adminRole);
  }
}
