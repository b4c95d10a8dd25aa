import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AdminIdParams,
  ChangeAdminRoleBody,
  ConfirmTotpBody,
  InviteAdminBody,
  Subjects,
  type AdminActor,
  type AdminInvitation,
  type AdminTeamMember,
  type RecoveryCodes,
  type TotpEnrolment,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { AdminRoute } from '../auth/access';
import { Actor } from './audit-actor';

/** The owner's Admins page (issue 20, DECISIONS D34): every change is in the audit trail. */
@ApiTags('admin')
@Controller('admin/admins')
@AdminRoute('admins')
export class AdminsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Every admin: e-mail, role, status, whether a second factor is enrolled' })
  list(): Promise<AdminTeamMember[]> {
    return this.rpc.call(Subjects.auth.admins.list, {});
  }

  @Post()
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Invites an admin of a role: answers the one-time link’s secret (shown once; it works once, until it expires)',
  })
  invite(@Actor() actor: AdminActor, @Body() body: InviteAdminBody): Promise<AdminInvitation> {
    return this.rpc.call(Subjects.auth.admins.invite, { ...body, actor });
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes an admin’s role; their sessions end, so the new role holds at once' })
  changeRole(
    @Actor() actor: AdminActor,
    @Param() params: AdminIdParams,
    @Body() body: ChangeAdminRoleBody,
  ): Promise<AdminTeamMember> {
    return this.rpc.call(Subjects.auth.admins.changeRole, { actor, adminId: params.id, role: body.role });
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables an admin: sign-in refused, every session ended at once' })
  disable(@Actor() actor: AdminActor, @Param() params: AdminIdParams): Promise<AdminTeamMember> {
    return this.rpc.call(Subjects.auth.admins.disable, { actor, adminId: params.id });
  }

  @Post(':id/second-factor/reset')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A lost authenticator: removes it and its recovery codes; the admin enrols again',
  })
  resetSecondFactor(@Actor() actor: AdminActor, @Param() params: AdminIdParams): Promise<AdminTeamMember> {
    return this.rpc.call(Subjects.auth.admins.resetSecondFactor, { actor, adminId: params.id });
  }
}

/** An admin's own second factor, optional where it is not required (issue 20). */
@ApiTags('admin')
@Controller('admin/me/second-factor')
@AdminRoute('account')
export class OwnSecondFactorController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'A secret to add to an authenticator app, and its otpauth:// link for the QR code',
  })
  start(@Actor() actor: AdminActor): Promise<TotpEnrolment> {
    return this.rpc.call(Subjects.auth.secondFactor.start, { adminId: actor.adminId });
  }

  @Post('confirm')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The app’s first code enrols it; answers ten recovery codes, shown this once' })
  confirm(@Actor() actor: AdminActor, @Body() body: ConfirmTotpBody): Promise<RecoveryCodes> {
    return this.rpc.call(Subjects.auth.secondFactor.confirm, { adminId: actor.adminId, code: body.code });
  }
}
