import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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

const partners = Subjects.catalog.partners;

/** The catalogue's partner subjects (payloads and answers: libs/contracts/src/partners.ts). */
@Controller()
export class PartnersController {
  constructor(private readonly book: PartnerBook) {}

  @MessagePattern(partners.list)
  list(@Payload() body: PartnerListRequest) {
    return this.book.page(body);
  }

  @MessagePattern(partners.names)
  names() {
    return this.book.names();
  }

  @MessagePattern(partners.details)
  details(@Payload() body: PartnerDetailsRequest) {
    return this.book.details(body);
  }

  @MessagePattern(partners.create)
  create(@Payload() body: AdminCreatePartner) {
    return this.book.create(body);
  }

  @MessagePattern(partners.update)
  update(@Payload() body: AdminUpdatePartner) {
    return this.book.update(body);
  }

  @MessagePattern(partners.delete)
  delete(@Payload() body: AdminDeletePartner) {
    return this.book.delete(body);
  }

  @MessagePattern(partners.assign)
  assign(@Payload() body: AdminAssignTitle) {
    return this.book.assign(body);
  }

  @MessagePattern(partners.titlePartner)
  titlePartner(@Payload() body: PartnerTitleParams) {
    return this.book.titlePartner(body.kind, body.titleId);
  }

  @MessagePattern(partners.assignSeries)
  assignSeries(@Payload() body: AdminAssignSeries) {
    return this.book.assignSeries(body);
  }

  @MessagePattern(partners.seriesPartner)
  seriesPartner(@Payload() body: SeriesPartnerParams) {
    return this.book.seriesPartner(body.seriesId);
  }

  @MessagePattern(partners.searchTitles)
  searchTitles(@Payload() body: PartnerTitleSearchQuery) {
    return this.book.searchTitles(body.search);
  }
}
