import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ADMIN_PAGE_SIZE, Subjects, ViewerSearchRequest, type ViewerPage } from '@chitram/contracts';
import { pageWindow, phoneFilterOf } from './phone-search';
import { ViewerDirectoryRepository } from './viewer-directory.repository';
import { Handles } from '@chitram/nest-kit';

const reports = Subjects.users.reports;

/** The back office's reads of the viewer accounts (SPEC §2.13 Users, DECISIONS D13). */
@Controller()
export class ViewerDirectoryController {
  constructor(private readonly directory: ViewerDirectoryRepository) {}

  @Handles(reports.searchViewers)
  async search(@Payload() body: ViewerSearchRequest): Promise<ViewerPage> {
    const { page, offset } = pageWindow(body.page, ADMIN_PAGE_SIZE);
    const { viewers, total } = await this.directory.page(phoneFilterOf(body.search), offset);
    return {
      viewers,
      currentPage: page,
      totalViewers: total,
      totalPages: Math.ceil(total / ADMIN_PAGE_SIZE),
    };
  }

  @Handles(reports.figures)
  figures() {
    return this.directory.figures();
  }
}
