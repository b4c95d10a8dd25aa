import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
// Watch history (issue 22): what the catalog service is asked (its answers: watch-history-answers.ts).
import { toWholeNumber } from './analytics';
import { subject } from './subject';
import type { HistoryPage, HistoryRemoved } from './watch-history-answers';

export * from './watch-history-answers';

/**
 * Whose history: a profile's. The account's first profile has the viewer's id, so until the gateway
 * passes a chosen profile, profileId is the signed-in viewer's id (the id positions are kept by).
 */
export class HistoryRequest {
  @IsUUID('all', { message: 'profileId must be a UUID' })
  profileId: string;
}

/** `GET /api/user/history?page=`: the query as the gateway checks it. */
export class HistoryQuery {
  @IsOptional()
  @Transform(toWholeNumber)
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  @Max(10_000, { message: 'page must be a whole number from 1' })
  page?: number;
}

/** A page of the profile's history, the first when none is named. */
export class HistoryPageRequest extends HistoryQuery {
  @IsUUID('all', { message: 'profileId must be a UUID' })
  profileId: string;
}

/** One title to take out of the history. */
export class HistoryTitleRequest extends HistoryRequest {
  @IsUUID('all', { message: 'titleId must be a UUID' })
  titleId: string;
}

/** Subjects.catalog.history. */
export const WatchHistorySubjects = {
  /** A page of the profile's history, newest first. */
  page: subject<HistoryPageRequest, HistoryPage>('chitram.catalog.history.page.v1'),
  /** Takes one title out (its place too): NOT_FOUND when it is not in this profile's history. */
  remove: subject<HistoryTitleRequest, HistoryRemoved>('chitram.catalog.history.remove.v1'),
  /** Takes every title out. */
  clear: subject<HistoryRequest, HistoryRemoved>('chitram.catalog.history.clear.v1'),
} as const;
