import { lazy } from 'react';

// The catalogue screens, each loaded when first opened (issue 11): the forms carry the video uploader,
// which the dashboard and the lists do not need. AdminLayout shows a spinner while one loads.

export const MoviesPage = lazy(() => import('./MoviesPage').then((m) => ({ default: m.MoviesPage })));
export const MovieFormPage = lazy(() =>
  import('./MovieFormPage').then((m) => ({ default: m.MovieFormPage })),
);
export const ShowsPage = lazy(() => import('./ShowsPage').then((m) => ({ default: m.ShowsPage })));
export const ShowFormPage = lazy(() => import('./ShowFormPage').then((m) => ({ default: m.ShowFormPage })));
export const SeriesListPage = lazy(() =>
  import('./SeriesListPage').then((m) => ({ default: m.SeriesListPage })),
);
export const SeriesFormPage = lazy(() =>
  import('./SeriesFormPage').then((m) => ({ default: m.SeriesFormPage })),
);
