import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AnalyticsRebuildRequest,
  AnalyticsRebuildStatusRequest,
  DemoPlaysRequest,
  Subjects,
  ViewingAnalyticsRequest,
} from '@chitram/contracts';
import { ViewingAnalyticsService } from './viewing-analytics.service';

const analytics = Subjects.catalog.analytics;

/** The catalogue's analytics subjects (payloads and answers: libs/contracts/src/analytics.ts). */
@Controller()
export class ViewingAnalyticsController {
  constructor(private readonly analytics: ViewingAnalyticsService) {}

  @MessagePattern(analytics.viewing)
  viewing(@Payload() body: ViewingAnalyticsRequest) {
    return this.analytics.viewing(body);
  }

  @MessagePattern(analytics.rebuild)
  rebuild(@Payload() body: AnalyticsRebuildRequest) {
    return this.analytics.rebuilds.request(body.actor);
  }

  @MessagePattern(analytics.rebuildStatus)
  rebuildStatus(@Payload() body: AnalyticsRebuildStatusRequest) {
    return this.analytics.rebuilds.status(body.id);
  }

  @MessagePattern(analytics.demo)
  demo(@Payload() body: DemoPlaysRequest) {
    return this.analytics.demo(body.plays);
  }
}
