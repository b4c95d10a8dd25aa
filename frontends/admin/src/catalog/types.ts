// What the catalogue API answers admins (SPEC §3, §7; DECISIONS D28), from the contracts library's types.
export type {
  AdminMovie,
  AdminMoviePage,
  Episode,
  EpisodePage,
  Series,
  SeriesPage,
  SeriesWithEpisodes,
} from '@chitram/contracts/web';
