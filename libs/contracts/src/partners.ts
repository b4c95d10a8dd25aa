import 'reflect-metadata';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { AnalyticsPeriodRequest, PeriodQuery, toWholeNumber } from './analytics';
import { ActedByAdmin } from './audit';
import {
  PARTNER_EMAIL_MAX,
  PARTNER_NAME_MAX,
  PARTNER_PHONE,
  type PartnerDetails,
  type PartnerName,
  type PartnerPage,
  type PartnerSaved,
  type PartnerTitleKind,
  type PartnerTitleOption,
  type TitlePartner,
} from './partners-answers';
import { subject } from './subject';

export * from './partners-answers';

/**
 * Content partners (the spec's Vendor page; DECISIONS D12): the admin's bodies and queries and the
 * catalogue's partner subjects, declared once and validated on both sides of NATS.
 */

const TITLE_KINDS: readonly PartnerTitleKind[] = ['movie', 'episode'];

function trimmed({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function lowerCased({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/** `POST /api/admin/partners`. */
export class CreatePartnerBody {
  @Transform(trimmed)
  @IsString()
  @MinLength(2, { message: 'name must be at least 2 characters' })
  @MaxLength(PARTNER_NAME_MAX)
  name: string;

  @Transform(trimmed)
  @IsString()
  @MinLength(2, { message: 'contactPerson must be at least 2 characters' })
  @MaxLength(PARTNER_NAME_MAX)
  contactPerson: string;

  @Transform(lowerCased)
  @IsString()
  @MaxLength(PARTNER_EMAIL_MAX)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;

  @Transform(trimmed)
  @IsString()
  @Matches(PARTNER_PHONE, { message: 'phone must be a phone number (digits, spaces, +, - and brackets)' })
  phone: string;

  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'revenueSharePercent must be a number with at most two decimals' },
  )
  @Min(0)
  @Max(100)
  revenueSharePercent: number;
}

/** `PATCH /api/admin/partners/{id}`: any of the fields. */
export class UpdatePartnerBody {
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(2, { message: 'name must be at least 2 characters' })
  @MaxLength(PARTNER_NAME_MAX)
  name?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(2, { message: 'contactPerson must be at least 2 characters' })
  @MaxLength(PARTNER_NAME_MAX)
  contactPerson?: string;

  @IsOptional()
  @Transform(lowerCased)
  @IsString()
  @MaxLength(PARTNER_EMAIL_MAX)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Matches(PARTNER_PHONE, { message: 'phone must be a phone number (digits, spaces, +, - and brackets)' })
  phone?: string;

  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'revenueSharePercent must be a number with at most two decimals' },
  )
  @Min(0)
  @Max(100)
  revenueSharePercent?: number;
}

/** `{id}` of a partner's routes. */
export class PartnerParams {
  @IsUUID()
  id: string;
}

export class UpdatePartnerRequest extends UpdatePartnerBody {
  @IsUUID()
  id: string;
}

/** `{kind}/{titleId}` of a title's partner routes. */
export class PartnerTitleParams {
  @IsIn(TITLE_KINDS)
  kind: PartnerTitleKind;

  @IsUUID()
  titleId: string;
}

/** `PUT /api/admin/partners/titles/{kind}/{titleId}`: the title's partner, or null for none. */
export class AssignTitleBody {
  @ValidateIf((body: AssignTitleBody) => body.partnerId !== null)
  @IsUUID(undefined, { message: 'partnerId must be a partner id, or null for none' })
  partnerId: string | null;
}

/** `{seriesId}` of a series' partner routes: a series' partner is that of every episode in it. */
export class SeriesPartnerParams {
  @IsUUID()
  seriesId: string;
}

export class AssignSeriesRequest extends SeriesPartnerParams {
  @ValidateIf((body: AssignSeriesRequest) => body.partnerId !== null)
  @IsUUID()
  partnerId: string | null;
}

export class AssignTitleRequest extends PartnerTitleParams {
  @ValidateIf((body: AssignTitleRequest) => body.partnerId !== null)
  @IsUUID()
  partnerId: string | null;
}

/** `GET /api/admin/partners?page=&search=&range=`. */
export class PartnerListQuery extends PeriodQuery {
  @IsOptional()
  @Transform(toWholeNumber)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(PARTNER_NAME_MAX)
  search?: string;
}

/** `GET /api/admin/partners/titles?search=`: titles by part of their name. */
export class PartnerTitleSearchQuery {
  @Transform(trimmed)
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  search: string;
}

/** The catalogue's period figures, with billing's revenue pool of the period when it answered. */
export class PartnerPeriodRequest extends AnalyticsPeriodRequest {
  @IsOptional()
  @IsInt()
  @Min(0)
  pool?: number;
}

export class PartnerListRequest extends PartnerPeriodRequest {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @IsOptional()
  @IsString()
  @MaxLength(PARTNER_NAME_MAX)
  search?: string;
}

export class PartnerDetailsRequest extends PartnerPeriodRequest {
  @IsUUID()
  id: string;
}

// The writes as the catalogue takes them: the fields, and the acting admin the gateway adds (audit trail).
export class AdminCreatePartner extends ActedByAdmin(CreatePartnerBody) {}
export class AdminUpdatePartner extends ActedByAdmin(UpdatePartnerRequest) {}
export class AdminDeletePartner extends ActedByAdmin(PartnerParams) {}
export class AdminAssignTitle extends ActedByAdmin(AssignTitleRequest) {}
export class AdminAssignSeries extends ActedByAdmin(AssignSeriesRequest) {}

/** Subjects.catalog.partners: every write goes through the catalogue's PartnerBook. */
export const PartnerSubjects = {
  list: subject<PartnerListRequest, PartnerPage>('chitram.catalog.partners.list.v1'),
  names: subject<Record<string, never>, PartnerName[]>('chitram.catalog.partners.names.v1'),
  details: subject<PartnerDetailsRequest, PartnerDetails>('chitram.catalog.partners.details.v1'),
  create: subject<AdminCreatePartner, PartnerSaved>('chitram.catalog.partners.create.v1'),
  update: subject<AdminUpdatePartner, PartnerSaved>('chitram.catalog.partners.update.v1'),
  delete: subject<AdminDeletePartner, { partner: PartnerName }>('chitram.catalog.partners.delete.v1'),
  assign: subject<AdminAssignTitle, TitlePartner>('chitram.catalog.partners.assign.v1'),
  titlePartner: subject<PartnerTitleParams, TitlePartner>('chitram.catalog.partners.title-partner.v1'),
  /** Gives every episode of a series to a partner, or to none. */
  assignSeries: subject<AdminAssignSeries, TitlePartner>('chitram.catalog.partners.assign-series.v1'),
  /** The partner every episode of a series has; null when they have none or not the same. */
  seriesPartner: subject<SeriesPartnerParams, TitlePartner>('chitram.catalog.partners.series-partner.v1'),
  searchTitles: subject<PartnerTitleSearchQuery, PartnerTitleOption[]>(
    'chitram.catalog.partners.search-titles.v1',
  ),
} as const;
