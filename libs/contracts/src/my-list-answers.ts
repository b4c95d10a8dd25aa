import type { Episode, Movie } from './catalog-answers';

// My List (issue 22): the titles a viewer keeps for later. The users service keeps the list; the
// gateway adds the titles as the catalogue shows them. Types only, so the front ends import this module.

/** The kinds of title a list holds: films and episodes. */
export const LISTED_KINDS = ['movie', 'episode'] as const;
export type ListedKind = (typeof LISTED_KINDS)[number];

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
