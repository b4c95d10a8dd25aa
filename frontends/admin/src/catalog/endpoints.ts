// Every catalogue path the back office calls (SPEC §7, DECISIONS D1, D11), relative to the client's
// `/api` prefix, in one place.

const id = (value: string) => encodeURIComponent(value);

export const endpoints = {
  movies: 'admin/movies',
  movie: (movieId: string) => `admin/movies/${id(movieId)}`,
  updateMovie: (movieId: string) => `admin/movies/update/${id(movieId)}`,
  deleteMovie: (movieId: string) => `admin/movie/delete/${id(movieId)}`,

  shows: 'series/episodes',
  show: (showId: string) => `series/episodes/${id(showId)}`,
  uploadShow: 'series/upload-episode',
  /** A show outside any series still needs a segment in SPEC §7's path. */
  updateShow: (seriesId: string | null, showId: string) =>
    `series/show/${id(seriesId ?? 'standalone')}/episodes/${id(showId)}`,
  deleteShow: (showId: string) => `series/episodes/${id(showId)}`,

  series: 'admin/series',
  oneSeries: (seriesId: string) => `admin/series/${id(seriesId)}`,

  /** A title's video (D23): created for a saved title, its file sent over tus, retried when it failed. */
  videos: 'admin/videos',
  video: (videoId: string) => `admin/videos/${id(videoId)}`,
  retryVideo: (videoId: string) => `admin/videos/${id(videoId)}/retry`,
  /** tus creation; the upload's own address comes back in `Location`. */
  videoUpload: (videoId: string) => `admin/videos/${id(videoId)}/upload`,
  /** A film's or series' trailer (D45): read (GET), attached (POST), removed (DELETE). */
  trailer: (titleKind: 'movie' | 'series', titleId: string) => `admin/trailers/${titleKind}/${id(titleId)}`,
} as const;
