import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AdminAssignSeries,
  AdminAssignTitle,
  AdminCreatePartner,
  AdminDeletePartner,
  AdminUpdatePartner,
  PartnerDetailsRequest,
  PartnerListRequest,
  PartnerTitleParams,
  PartnerTitleSearchQuery,
  SeriesPartnerParams,
  Subjects,
} from '@chitram/contracts';
import { PartnerBook } from './partner-book';
import { Handles } from '@chitram/nest-kit';

const partners = Subjects.catalog.partners;

/** The catalogue's partner subjects (payloads and answers: libs/contracts/src/partners.ts). */
@Controller()
export class PartnersController {
  constructor(private readonly book: PartnerBook) {}

  @Handles(partners.list)
  list(@Payload() body: PartnerListRequest) {
    return this.book.page(body);
  }

  @Handles(partners.names)
  names() {
    return this.book.names();
  }

  @Handles(partners.details)
  details(@Payload() body: PartnerDetailsRequest) {
    return this.book.details(body);
  }

  @Handles(partners.create)
  create(@Payload() body: AdminCreatePartner) {
    return this.book.create(body);
  }

  @Handles(partners.update)
  update(@Payload() body: AdminUpdatePartner) {
    return this.book.update(body);
  }

  @Handles(partners.delete)
  delete(@Payload() body: AdminDeletePartner) {
    return this.book.delete(body);
  }

  @Handles(partners.assign)
  assign(@Payload() body: AdminAssignTitle) {
    return this.book.assign(body);
  }

  @Handles(partners.titlePartner)
  titlePartner(@Payload() body: PartnerTitleParams) {
    return this.book.titlePartner(body.kind, body.titleId);
  }

  @Handles(partners.assignSeries)
  assignSeries(@Payload() body: AdminAssignSeries) {
    return this.book.assignSeries(body);
  }

  @Handles(partners.seriesPartner)
  seriesPartner(@Payload() body: SeriesPartnerParams) {
    return this.book.seriesPartner(body.seriesId);
  }

  @Handles(partners.searchTitles)
  searchTitles(@Payload() body: PartnerTitleSearchQuery) {
    return this.book.searchTitles(body.search);
  }
}
