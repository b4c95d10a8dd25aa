import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AnalyticsRebuildRequest,
  AnalyticsRebuildStatusRequest,
  DemoPlaysRequest,
  Subjects,
  ViewingAnalyticsRequest,
} from '@chitram/contracts';
import { ViewingAnalyticsService } from './viewing-analytics.service';
import { Handles } from '@chitram/nest-kit';

const analytics = Subjects.catalog.analytics;

/** The catalogue's analytics subjects (payloads and answers: libs/contracts/src/analytics.ts). */
@Controller()
export class ViewingAnalyticsController {
  constructor(private readonly analytics: ViewingAnalyticsService) {}

  @Handles(analytics.viewing)
  viewing(@Payload() body: ViewingAnalyticsRequest) {
    return this.analytics.viewing(body);
  }

  @Handles(analytics.rebuild)
  rebuild(@Payload() body: AnalyticsRebuildRequest) {
    return this.analytics.rebuilds.request(body.actor);
  }

  @Handles(analytics.rebuildStatus)
  rebuildStatus(@Payload() body: AnalyticsRebuildStatusRequest) {
    return this.analytics.rebuilds.status(body.id);
  }

  @Handles(analytics.demo)
  demo(@Payload() body: DemoPlaysRequest) {
    return this.analytics.demo(body.plays);
  }
}
