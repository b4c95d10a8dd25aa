// What the catalogue API answers (SPEC §3, §7, DECISIONS D28), from the contracts library's types.
export type {
  CategoryEpisodes,
  Episode,
  HomeContent,
  Movie,
  MovieMeta,
  Series,
  TitleSearchResults,
} from '@chitram/contracts/web';
