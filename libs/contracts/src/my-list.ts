import 'reflect-metadata';
import { IsIn, IsUUID } from 'class-validator';
// My List (issue 22): what the users service is asked (its answers: my-list-answers.ts).
import { LISTED_KINDS, type ListedKind, type MyListEntry, type MyListRemoved } from './my-list-answers';
import { subject } from './subject';

export * from './my-list-answers';

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

/** Subjects.users.myList. */
export const MyListSubjects = {
  /** The profile's list, newest first. */
  list: subject<MyListRequest, MyListEntry[]>('chitram.users.my-list.list.v1'),
  /** Adds a title; adding one already there answers the entry as it was (one entry). */
  add: subject<MyListAddRequest, MyListEntry>('chitram.users.my-list.add.v1'),
  remove: subject<MyListTitleRequest, MyListRemoved>('chitram.users.my-list.remove.v1'),
} as const;
