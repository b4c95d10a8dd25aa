import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GstReportRequest, Subjects } from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { GstReportsService } from './gst-reports.service';

const gst = Subjects.billing.gstReports;

/** Finance's monthly GST reports as CSV (libs/contracts/src/refunds.ts, D39). */
@Controller()
export class GstReportsController {
  constructor(private readonly reports: GstReportsService) {}

  @Handles(gst.summary)
  summary(@Payload() body: GstReportRequest) {
    return this.reports.summary(body.month);
  }

  @Handles(gst.register)
  register(@Payload() body: GstReportRequest) {
    return this.reports.register(body.month);
  }
}
