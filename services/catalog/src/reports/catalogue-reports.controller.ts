import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, ViewerWatchRequest } from '@chitram/contracts';
import { CatalogueReports } from './catalogue-reports';
import { Handles } from '@chitram/nest-kit';

const reports = Subjects.catalog.reports;

/** The catalogue's report subjects for the back office (payloads and answers: libs/contracts/src/admin.ts). */
@Controller()
export class CatalogueReportsController {
  constructor(private readonly reports: CatalogueReports) {}

  @Handles(reports.figures)
  figures() {
    return this.reports.figures();
  }

  @Handles(reports.watchHistory)
  watchHistory(@Payload() body: ViewerWatchRequest) {
    return this.reports.watchHistory(body.viewerId);
  }
}
