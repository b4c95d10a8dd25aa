import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  UpdateReminderSettingsBody,
  type PlanEndingAnswer,
  type ReminderSettings,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Roles } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';
import { CallerProfiles } from './caller-profiles';

/** Reminders before a plan ends (D40): the header's banner and the profile page's SMS switch. */
@ApiTags('account')
@Controller('user')
export class RemindersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly callers: CallerProfiles,
  ) {}

  @Get('plan-ending')
  @Roles('user')
  @ApiOperation({
    summary:
      'The end of the signed-in viewer’s time (a queued plan’s end when one follows) when 3 or fewer Indian days away, else null',
  })
  planEnding(@CurrentPrincipal() caller: Principal): Promise<PlanEndingAnswer> {
    return this.rpc.call(Subjects.billing.planEnding.get, { viewerId: caller.subjectId });
  }

  @Get('reminders')
  @Roles('user')
  @ApiOperation({ summary: 'Whether the account’s plan-end reminders come by SMS' })
  settings(@CurrentPrincipal() caller: Principal): Promise<ReminderSettings> {
    return this.rpc.call(Subjects.users.reminders.get, { id: caller.subjectId });
  }

  @Put('reminders')
  @Roles('user')
  @ApiOperation({
    summary:
      'Turns the account’s plan-end SMS reminders on or off: { smsReminders: boolean } (else 400 VALIDATION_FAILED); not from a kids profile (403 PROFILE_NOT_ALLOWED)',
  })
  async update(
    @CurrentPrincipal() caller: Principal,
    @Body() body: UpdateReminderSettingsBody,
  ): Promise<ReminderSettings> {
    await this.callers.notKids(caller);
    return this.rpc.call(Subjects.users.reminders.update, {
      id: caller.subjectId,
      smsReminders: body.smsReminders,
    });
  }
}
