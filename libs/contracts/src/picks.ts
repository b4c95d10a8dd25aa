import 'reflect-metadata';
import { IsUUID } from 'class-validator';
// Rows picked for each profile (issue 22): what the catalog service is asked (answers: picks-answers.ts).
import { LanguageOnlyRequest } from './catalog';
import type { BecauseYouWatched, TopToday } from './picks-answers';
import { subject } from './subject';

export * from './picks-answers';

/** Whose row: a profile's (the account's first profile has the viewer's id). */
export class PicksRequest {
  @IsUUID('all', { message: 'profileId must be a UUID' })
  profileId: string;
}

/** Subjects.catalog.picks. */
export const PicksSubjects = {
  becauseYouWatched: subject<PicksRequest, BecauseYouWatched | null>(
    'chitram.catalog.picks.because-you-watched.v1',
  ),
  /** One of the eight languages, in any letter case: LanguageOnlyRequest. */
  topToday: subject<LanguageOnlyRequest, TopToday>('chitram.catalog.picks.top-today.v1'),
} as const;
