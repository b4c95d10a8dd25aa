import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { PLANS, Subjects, type Plan } from '@chitram/contracts';

@Controller()
export class PlansController {
  @MessagePattern(Subjects.billing.listPlans)
  list(): readonly Plan[] {
    return PLANS;
  }
}
