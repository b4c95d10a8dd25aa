import 'reflect-metadata';
import { IsIn, IsUUID } from 'class-validator';
import type { Episode, Movie } from './catalog-answers';
import { subject } from './subject';

// My List (issue 22): the titles a viewer keeps for later. The users service keeps the list; the
// gateway adds the titles as the catalogue shows them.

/** The kinds of title a list holds: films and episodes. */
export const LISTED_KINDS = ['movie', 'episode'] as const;
export type ListedKind = (typeof LISTED_KINDS)[number];

/**
 * Whose list: a profile's. Until profiles exist (issue 22's first step), the account's first profile
 * has the viewer's id, so profileId is the signed-in viewer's id.
 */
export class MyListRequest {
  @IsUUID('all', { message: 'profileId must be a UUID' })
  profileId: string;
}

/** One title in a profile's list, to remove. */
export class MyListTitleRequest extends MyListRequest {
  @IsUUID('all', { message: 'titleId must be a UUID' })
  titleId: string;
}

/** One title to add: its kind as the catalogue knows it. */
export class MyListAddRequest extends MyListTitleRequest {
  @IsIn(LISTED_KINDS, { message: `kind must be one of ${LISTED_KINDS.join(', ')}` })
  kind: ListedKind;
}

/** One entry of a list, as the users service keeps it. */
export interface MyListEntry {
  kind: ListedKind;
  titleId: string;
  addedAt: string;
}

/** Whether the remove found the title in the list (removing one that is not there is no error). */
export interface MyListRemoved {
  removed: boolean;
}

/** `GET /api/user/list`: an entry with its title as the catalogue shows it (the other one is null). */
export interface ListedTitle extends MyListEntry {
  movie: Movie | null;
  episode: Episode | null;
}

/** Event Events.catalogTitlesRemoved: titles deleted from the catalogue (a series' episodes with it). */
export interface CatalogueTitlesRemoved {
  titles: Array<{ kind: ListedKind; titleId: string }>;
}

/** Subjects.users.myList. */
export const MyListSubjects = {
  /** The profile's list, newest first. */
  list: subject<MyListRequest, MyListEntry[]>('chitram.users.my-list.list.v1'),
  /** Adds a title; adding one already there answers the entry as it was (one entry). */
  add: subject<MyListAddRequest, MyListEntry>('chitram.users.my-list.add.v1'),
  remove: subject<MyListTitleRequest, MyListRemoved>('chitram.users.my-list.remove.v1'),
} as const;
