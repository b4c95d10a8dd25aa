import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AnalyticsPeriodRequest,
  AnalyticsRebuildRequest,
  AnalyticsRebuildStatusRequest,
  DemoViewersRequest,
  Subjects,
} from '@chitram/contracts';
import { SignUpsService } from './sign-ups.service';
import { Handles } from '@chitram/nest-kit';

const analytics = Subjects.users.analytics;

/** The users service's analytics subjects (payloads and answers: libs/contracts/src/analytics.ts). */
@Controller()
export class SignUpsController {
  constructor(private readonly signUps: SignUpsService) {}

  @Handles(analytics.signUps)
  daily(@Payload() body: AnalyticsPeriodRequest) {
    return this.signUps.daily(body);
  }

  @Handles(analytics.rebuild)
  rebuild(@Payload() body: AnalyticsRebuildRequest) {
    return this.signUps.rebuilds.request(body.actor);
  }

  @Handles(analytics.rebuildStatus)
  rebuildStatus(@Payload() body: AnalyticsRebuildStatusRequest) {
    return this.signUps.rebuilds.status(body.id);
  }

  @Handles(analytics.demo)
  demo(@Payload() body: DemoViewersRequest) {
    return this.signUps.demo(body.viewers);
  }
}
