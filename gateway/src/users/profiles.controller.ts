import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateProfileBody,
  PROFILE_LOCK_HEADER,
  SelectProfileBody,
  Subjects,
  UpdateProfileBody,
  type Profile,
  type ProfileDeleted,
  type TokenPair,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { IsUUID } from 'class-validator';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { CallerProfiles } from './caller-profiles';

export class ProfileParams {
  @IsUUID('all', { message: 'id must be a UUID' })
  id: string;
}

/**
 * An account's profiles (issue 22, D37): every route names the caller's own account, so another
 * account's profile answers 404. A kids profile may list and choose profiles but not change them.
 */
@ApiTags('profiles')
@Controller()
export class ProfilesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('user/profiles')
  @Roles('user')
  @ApiOperation({ summary: 'The account’s profiles, the first one (the viewer’s own id) first' })
  list(@CurrentPrincipal() caller: Principal): Promise<Profile[]> {
    return this.rpc.call(Subjects.users.profiles.list, { accountId: caller.subjectId });
  }

  @Post('user/profiles')
  @Roles('user')
  @ApiOperation({
    summary:
      'Adds a profile { name, avatar, interfaceLanguage?, maturity } (409 PROFILE_LIMIT_REACHED past five; 403 PROFILE_NOT_ALLOWED from a kids profile)',
  })
  async create(
    @CurrentPrincipal() caller: Principal,
    @Body() body: CreateProfileBody,
    @Headers(PROFILE_LOCK_HEADER) holderLock?: string,
  ): Promise<Profile> {
    await this.callers.manager(caller, holderLock);
    return this.rpc.call(Subjects.users.profiles.create, { ...body, accountId: caller.subjectId });
  }

  @Patch('user/profiles/:id')
  @Roles('user')
  @ApiOperation({ summary: 'Changes the fields sent of one of the account’s profiles' })
  async update(
    @CurrentPrincipal() caller: Principal,
    @Param() params: ProfileParams,
    @Body() body: UpdateProfileBody,
    @Headers(PROFILE_LOCK_HEADER) holderLock?: string,
  ): Promise<Profile> {
    await this.callers.manager(caller, holderLock);
    const profile = await this.rpc.call(Subjects.users.profiles.update, {
      ...body,
      accountId: caller.subjectId,
      profileId: params.id,
    });
    this.callers.forget(caller.subjectId, params.id);
    return profile;
  }

  @Delete('user/profiles/:id')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Deletes a profile with its list, history and positions (409 FIRST_PROFILE_KEPT for the account’s first)',
  })
  async remove(
    @CurrentPrincipal() caller: Principal,
    @Param() params: ProfileParams,
    @Headers(PROFILE_LOCK_HEADER) holderLock?: string,
  ): Promise<ProfileDeleted> {
    await this.callers.manager(caller, holderLock);
    const deleted = await this.rpc.call(Subjects.users.profiles.delete, {
      accountId: caller.subjectId,
      profileId: params.id,
    });
    this.callers.forget(caller.subjectId, params.id);
    return deleted;
  }

  @Post('user/profiles/:id/select')
  @Roles('user')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Chooses who is watching, with { lock } when the profile has one: a new token pair whose access tokens carry the profile (claim prf)',
  })
  async select(
    @CurrentPrincipal() caller: Principal,
    @Param() params: ProfileParams,
    @Body() body: SelectProfileBody = {},
  ): Promise<TokenPair> {
    // 404 for another account's profile, 403 PROFILE_LOCK_INVALID for a wrong lock, before the session changes.
    await this.rpc.call(Subjects.users.profiles.unlock, {
      accountId: caller.subjectId,
      profileId: params.id,
      ...(body?.lock ? { lock: body.lock } : {}),
    });
    return this.rpc.call(Subjects.auth.selectProfile, {
      sessionId: caller.sessionId,
      subjectId: caller.subjectId,
      profileId: params.id,
    });
  }
}
