import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AnalyticsPeriodRequest,
  AnalyticsRebuildRequest,
  AnalyticsRebuildStatusRequest,
  DemoViewersRequest,
  Subjects,
} from '@chitram/contracts';
import { SignUpsService } from './sign-ups.service';

const analytics = Subjects.users.analytics;

/** The users service's analytics subjects (payloads and answers: libs/contracts/src/analytics.ts). */
@Controller()
export class SignUpsController {
  constructor(private readonly signUps: SignUpsService) {}

  @MessagePattern(analytics.signUps)
  daily(@Payload() body: AnalyticsPeriodRequest) {
    return this.signUps.daily(body);
  }

  @MessagePattern(analytics.rebuild)
  rebuild(@Payload() body: AnalyticsRebuildRequest) {
    return this.signUps.rebuilds.request(body.actor);
  }

  @MessagePattern(analytics.rebuildStatus)
  rebuildStatus(@Payload() body: AnalyticsRebuildStatusRequest) {
    return this.signUps.rebuilds.status(body.id);
  }

  @MessagePattern(analytics.demo)
  demo(@Payload() body: DemoViewersRequest) {
    return this.signUps.demo(body.viewers);
  }
}
