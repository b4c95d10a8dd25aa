import { Controller, Delete, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ViewerSearchRequest,
  type AdminActor,
  type AdminViewerActionDone,
  type AdminViewerActivity,
  type AdminViewerDetails,
  type AdminViewerPage,
  type RevealedPhoneNumber,
} from '@chitram/contracts';
import { AdminRoute } from '../auth/access';
import { ViewerParams } from './admin.dto';
import { Actor } from './audit-actor';
import { ViewerAccounts } from './viewer-accounts';

/** The admin's viewers (SPEC §2.13 Users, §7; DECISIONS D25). */
@ApiTags('admin')
@Controller('admin/users')
@AdminRoute('viewers')
export class ViewersController {
  constructor(private readonly viewers: ViewerAccounts) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ users, currentPage, totalUsers, totalPages }: 10 a page, newest first, searched by part of the number, each with its plan and its number masked',
  })
  list(@Query() query: ViewerSearchRequest): Promise<AdminViewerPage> {
    return this.viewers.page(query);
  }

  @Get(':id')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'A viewer (number masked) with their subscription history, payments with receipts and watch history',
  })
  details(@Param() params: ViewerParams): Promise<AdminViewerDetails> {
    return this.viewers.details(params.id);
  }

  @Get(':id/activity')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ streams, sessions }: the screens the viewer watches on now (media) and their signed-in sessions (auth), each unavailable alone',
  })
  activity(@Param() params: ViewerParams): Promise<AdminViewerActivity> {
    return this.viewers.activity(params.id);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Deletes a viewer as self-deletion does (D25): payments kept anonymised, sessions end at once',
  })
  delete(@Actor() admin: AdminActor, @Param() params: ViewerParams): Promise<AdminViewerActionDone> {
    return this.viewers.delete(admin, params.id);
  }

  @Post(':id/phone-number')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      '{ phoneNumber }: the viewer’s whole number (lists show it masked); the audit trail records who asked, first',
  })
  revealPhoneNumber(@Actor() admin: AdminActor, @Param() params: ViewerParams): Promise<RevealedPhoneNumber> {
    return this.viewers.revealPhoneNumber(admin, params.id);
  }

  @Post(':id/sign-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out everywhere: every session of the viewer ends at once' })
  signOut(@Actor() admin: AdminActor, @Param() params: ViewerParams): Promise<AdminViewerActionDone> {
    return this.viewers.signOutEverywhere(admin, params.id);
  }
}
