import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CancelPlanChangeRequest, SchedulePlanTermsRequest, Subjects } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { PlansService } from './plans.service';

const planTerms = Subjects.billing.planTerms;

/** Finance's plan terms (D43): Subjects.billing.planTerms, one line each. */
@Controller()
export class PlanTermsController {
  constructor(private readonly plans: PlansService) {}

  @Handles(planTerms.list)
  list() {
    return this.plans.adminList();
  }

  @Handles(planTerms.schedule)
  schedule(@Payload() body: SchedulePlanTermsRequest) {
    return this.plans.schedule(body);
  }

  @Handles(planTerms.cancel)
  cancel(@Payload() body: CancelPlanChangeRequest) {
    return this.plans.cancel(body);
  }
}
