import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditPageRequest, Subjects, type AuditPage } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { AdminRoute } from '../auth/access';

/** The audit trail (issue 9): who changed what, and the admins' sign-ins, kept by the auth service. */
@ApiTags('admin')
@Controller('admin/audit')
@AdminRoute('audit')
export class AuditController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ entries, currentPage, totalEntries, totalPages, admins }: 20 a page, newest first, filtered by admin (id), entity type, action and Indian days from–to',
  })
  page(@Query() query: AuditPageRequest): Promise<AuditPage> {
    return this.rpc.call(Subjects.auth.audit.page, query);
  }
}
