import { Body, Controller, Delete, Get, Header, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  PlanChangeParams,
  PlanParams,
  SchedulePlanTermsBody,
  Subjects,
  type AdminActor,
  type AdminPlanView,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { AdminRoute } from '../auth/access';
import { Actor } from './audit-actor';

const planTerms = Subjects.billing.planTerms;

/** Plans the business can change (DECISIONS D43): finance (and the owner) schedule a plan's terms. */
@ApiTags('admin')
@Controller('admin/plans')
@AdminRoute('finance')
export class PlansController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Every plan with its terms now and the changes scheduled for it' })
  list(): Promise<AdminPlanView[]> {
    return this.rpc.call(planTerms.list, {});
  }

  @Post(':planKey/changes')
  @ApiOperation({
    summary:
      'New terms for a plan (price in rupees, validity, devices, resolution, streams) from now or a later moment; 422 PLAN_CHANGE_IN_PAST',
  })
  schedule(
    @Actor() actor: AdminActor,
    @Param() params: PlanParams,
    @Body() body: SchedulePlanTermsBody,
  ): Promise<AdminPlanView> {
    return this.rpc.call(planTerms.schedule, { ...body, planKey: params.planKey, actor });
  }

  @Delete(':planKey/changes/:changeId')
  @ApiOperation({ summary: 'Cancels a change not yet in force; 409 PLAN_CHANGE_STARTED once it is' })
  cancel(@Actor() actor: AdminActor, @Param() params: PlanChangeParams): Promise<AdminPlanView> {
    return this.rpc.call(planTerms.cancel, { planKey: params.planKey, changeId: params.changeId, actor });
  }
}
