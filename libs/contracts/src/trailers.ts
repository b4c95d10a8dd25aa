import 'reflect-metadata';
import { IsIn, IsUUID } from 'class-validator';
import { subject } from './subject';
import {
  TRAILER_TITLE_KINDS,
  type TitleTrailer,
  type TrailerRemoved,
  type TrailerTitleKind,
} from './trailers-answers';

export * from './trailers-answers';

/** A film or a series, as its trailer is asked for or removed (D45). */
export class TrailerOwnerRef {
  @IsIn(TRAILER_TITLE_KINDS)
  titleKind: TrailerTitleKind;

  @IsUUID()
  titleId: string;
}

/**
 * Subjects.media.trailers (D45). A trailer is uploaded and transcoded as any video of owner kind
 * `movie-trailer` or `series-trailer` (Subjects.media.videos.create and the tus upload); these read and
 * remove a title's.
 */
export const TrailerSubjects = {
  /** The title's newest trailer video, in whatever state, or null. */
  current: subject<TrailerOwnerRef, TitleTrailer>('chitram.media.trailers.current.v1'),
  /** Removes every trailer video of the title with its objects (the renditions a copy still plays stay). */
  remove: subject<TrailerOwnerRef, TrailerRemoved>('chitram.media.trailers.remove.v1'),
} as const;
