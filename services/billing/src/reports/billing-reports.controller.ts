import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, ViewerIdsRequest, ViewerRef } from '@chitram/contracts';
import { BillingReportsRepository } from './billing-reports.repository';
import { BillingReportsService } from './billing-reports.service';
import { Handles } from '@chitram/nest-kit';

const reports = Subjects.billing.reports;

/** Billing's report subjects for the back office (payloads and answers: libs/contracts/src/admin.ts). */
@Controller()
export class BillingReportsController {
  constructor(
    private readonly service: BillingReportsService,
    private readonly repository: BillingReportsRepository,
  ) {}

  @Handles(reports.figures)
  figures() {
    return this.service.figures();
  }

  @Handles(reports.plansOf)
  plansOf(@Payload() body: ViewerIdsRequest) {
    return this.repository.plansOf(body.viewerIds);
  }

  @Handles(reports.viewerHistory)
  viewerHistory(@Payload() body: ViewerRef) {
    return this.service.viewerHistory(body.viewerId);
  }
}
