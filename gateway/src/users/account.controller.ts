import { Body, Controller, Delete, Get, Headers, Inject, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  PROFILE_LOCK_HEADER,
  SignInMessages,
  Subjects,
  UpdateViewerPreferencesBody,
  type ViewerPreferences,
  type ViewerProfile,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { ViewerPlans } from '../billing/viewer-plans';
import { freeScreens } from '../playback/free-screens';
import { CallerProfiles } from './caller-profiles';

/** The signed-in viewer's own account: who am I, my settings, and delete me (DECISIONS D2, D25, D36). */
@ApiTags('account')
@Controller()
export class AccountController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly plans: ViewerPlans,
    private readonly callers: CallerProfiles,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('user/me')
  @Roles('user')
  @ApiOperation({
    summary: 'The signed-in viewer, with the plan billing holds for them (session shape of D2)',
  })
  async me(@CurrentPrincipal() caller: Principal): Promise<ViewerProfile> {
    const { profileId } = (await this.callers.of(caller))!;
    const [viewer, plan, profile] = await Promise.all([
      this.rpc.call(Subjects.users.getViewer, { id: caller.subjectId }),
      this.plans.forSession(caller.subjectId),
      this.rpc.call(Subjects.users.profiles.get, { accountId: caller.subjectId, profileId }),
    ]);
    return {
      _id: viewer._id,
      phoneNumber: viewer.phoneNumber,
      ...plan,
      createdAt: viewer.createdAt,
      // The profile in use's language (D37): the first profile's is the account's.
      interfaceLanguage: profile.interfaceLanguage,
      profile,
    };
  }

  @Patch('user/me')
  @Roles('user')
  @ApiOperation({
    summary:
      'Changes the signed-in viewer’s settings: { interfaceLanguage } one of en, hi, ta, te, ml, kn, bn, bho (else 400 VALIDATION_FAILED)',
  })
  async updateMe(
    @CurrentPrincipal() caller: Principal,
    @Body() body: UpdateViewerPreferencesBody,
  ): Promise<ViewerPreferences> {
    const { profileId } = (await this.callers.of(caller))!;
    this.callers.forget(caller.subjectId, profileId);
    return this.rpc.call(Subjects.users.preferences.update, {
      id: profileId,
      interfaceLanguage: body.interfaceLanguage,
    });
  }

  @Delete('user/me')
  @Roles('user')
  @ApiOperation({ summary: 'Delete the signed-in viewer’s account; its sessions end at once' })
  deleteMe(@CurrentPrincipal() caller: Principal, @Headers(PROFILE_LOCK_HEADER) holderLock?: string) {
    return this.deleteAccount(caller, holderLock);
  }

  /** SPEC §7's path for the same thing: it deletes the caller's own account, whatever "admin" in it suggests. */
  @Delete('admin/delete-user')
  @Roles('user')
  @ApiOperation({ summary: 'Delete the signed-in viewer’s own account (the path of SPEC §7)' })
  deleteUser(@CurrentPrincipal() caller: Principal, @Headers(PROFILE_LOCK_HEADER) holderLock?: string) {
    return this.deleteAccount(caller, holderLock);
  }

  private async deleteAccount(
    caller: Principal,
    holderLock: string | undefined,
  ): Promise<{ success: true; message: string }> {
    // D37: not from a kids profile, and with the account holder's lock when it has one.
    await this.callers.manager(caller, holderLock);
    await this.rpc.call(Subjects.users.deleteViewer, { id: caller.subjectId });
    // Sessions end now rather than when auth reads user.deleted; if auth is away, the event still does it.
    try {
      await this.rpc.call(Subjects.auth.revokeSubject, { subjectId: caller.subjectId });
    } catch (error) {
      this.logger.warn(
        { err: error, userId: caller.subjectId },
        'sessions of a deleted account not revoked yet; the event will',
      );
    }
    await freeScreens(this.rpc, this.logger, caller.subjectId);
    return { success: true, message: SignInMessages.accountDeleted };
  }
}
