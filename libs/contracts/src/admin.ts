import 'reflect-metadata';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type {
  ActiveScreen,
  BillingFigures,
  CatalogueFigures,
  ViewerBillingHistory,
  ViewerFigures,
  ViewerPage,
  ViewerPlan,
  SignedInSession,
  WatchHistoryEntry,
} from './admin-answers';
import { PLANS_BATCH_MAX, VIEWER_SEARCH_MAX_LENGTH } from './admin-answers';
import { ViewerRef } from './billing';
import { ViewerWatchRequest } from './playback';
import { subject } from './subject';

export * from './admin-answers';

/**
 * The back office's reads (SPEC §2.13, §7; DECISIONS D13, D25): the payloads of the report subjects each
 * service answers for the dashboard and the viewers' pages, declared once and validated on both sides.
 */

/** A query string's `2` is the number 2; anything else is left for the validator to refuse. */
function toWholeNumber({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
}

export function trimmed({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/** `GET /api/admin/users?page=&search=`, and the users service's search with it. */
export class ViewerSearchRequest {
  @IsOptional()
  @Transform(toWholeNumber)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  /** Part of a phone number; anything but digits is ignored. */
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(VIEWER_SEARCH_MAX_LENGTH)
  search?: string;
}

/** The viewers of one page of the admin's list, whose plans billing answers together. */
export class ViewerIdsRequest {
  @IsArray()
  @ArrayMaxSize(PLANS_BATCH_MAX)
  @IsUUID(undefined, { each: true })
  viewerIds: string[];
}

/** A payload of nothing: the figures are the same for every admin. */
export type NoPayload = Record<string, never>;

/** Subjects.users.reports. */
export const UserReportSubjects = {
  searchViewers: subject<ViewerSearchRequest, ViewerPage>('chitram.users.reports.viewers.v1'),
  figures: subject<NoPayload, ViewerFigures>('chitram.users.reports.figures.v1'),
} as const;

/** Subjects.auth.reports: a viewer's sessions for the viewer's page. */
export const AuthReportSubjects = {
  /** The viewer's open sessions (not revoked, refresh token still valid), last used first. */
  sessionsOf: subject<ViewerRef, SignedInSession[]>('chitram.auth.reports.sessions-of.v1'),
} as const;

/** Subjects.media.reports: a viewer's screens for the viewer's page. */
export const MediaReportSubjects = {
  /** The screens the viewer is watching on now (lapsed ones left out), newest first. Reads only. */
  screensOf: subject<ViewerRef, ActiveScreen[]>('chitram.media.reports.screens-of.v1'),
} as const;

/** Subjects.billing.reports. */
export const BillingReportSubjects = {
  figures: subject<NoPayload, BillingFigures>('chitram.billing.reports.figures.v1'),
  /** The latest plan of each viewer that has one; viewers without a plan are left out. */
  plansOf: subject<ViewerIdsRequest, ViewerPlan[]>('chitram.billing.reports.plans-of.v1'),
  viewerHistory: subject<ViewerRef, ViewerBillingHistory>('chitram.billing.reports.viewer-history.v1'),
} as const;

/** Subjects.catalog.reports. */
export const CatalogueReportSubjects = {
  figures: subject<NoPayload, CatalogueFigures>('chitram.catalog.reports.figures.v1'),
  watchHistory: subject<ViewerWatchRequest, WatchHistoryEntry[]>('chitram.catalog.reports.watch-history.v1'),
} as const;
