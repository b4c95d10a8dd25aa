import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AnalyticsPeriodRequest, DemoViewersRequest, Subjects } from '@chitram/contracts';
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
  rebuild() {
    return this.signUps.rebuild();
  }

  @MessagePattern(analytics.demo)
  demo(@Payload() body: DemoViewersRequest) {
    return this.signUps.demo(body.viewers);
  }
}
