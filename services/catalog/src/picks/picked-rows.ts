import { Injectable } from '@nestjs/common';
import {
  FEWEST_CO_WATCHED,
  PICKED_ROW_LENGTH,
  TOP_TODAY_LENGTH,
  type BecauseYouWatched,
  type Language,
  type TopToday,
} from '@chitram/contracts';
import { toMovie } from '../titles/movie.view';
import { PicksRepository } from './picks.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rows picked for each profile (issue 22). "Because you watched X": X is the film the profile
 * finished last; the row is the films that the profiles who finished X also finished, most shared first,
 * without what this profile has watched; when those are fewer than FEWEST_CO_WATCHED, the row is filled
 * with films of X's language sharing a genre. "Top 10 in {language} today": the language's most played
 * films of the last 24 hours.
 */
@Injectable()
export class PickedRows {
  constructor(private readonly picks: PicksRepository) {}

  async becauseYouWatched(profileId: string): Promise<BecauseYouWatched | null> {
    const watched = await this.picks.lastFinishedMovie(profileId);
    if (!watched) return null;
    const coWatched = await this.picks.coWatched(profileId, watched.id, PICKED_ROW_LENGTH);
    const enough = coWatched.length >= FEWEST_CO_WATCHED;
    const filling = enough
      ? []
      : await this.picks.sameGenreAndLanguage(
          profileId,
          {
            language: watched.language,
            genres: watched.genre,
            leaveOut: [watched.id, ...coWatched.map((m) => m.id)],
          },
          PICKED_ROW_LENGTH - coWatched.length,
        );
    return {
      watched: toMovie(watched),
      movies: [...coWatched, ...filling].map(toMovie),
      basis: enough ? 'co-watching' : 'genre-and-language',
    };
  }

  async topToday(language: Language, now = new Date()): Promise<TopToday> {
    const rows = await this.picks.mostPlayed(language, new Date(now.getTime() - DAY_MS), TOP_TODAY_LENGTH);
    return { language, movies: rows.map((row) => ({ ...toMovie(row), plays: row.plays })) };
  }
}
