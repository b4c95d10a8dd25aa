import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '../rspack.base.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The pages a visitor most often arrives on from outside (a link, a search result, a shared title),
 * by address as the viewer's routes have them, and the chunk of each (its `webpackChunkName` in
 * src/app/pages.ts). The shell's server names their files in those pages (pages.json), so they load
 * with the page. The home page is part of the application's own chunk. A page whose largest text is
 * its heading names the message keys of its eyebrow and title, as the page shows them: the shell's
 * server draws that heading, in the visitor's language, in the page itself (issue 19).
 */
const LANDING_PAGES = {
  '/subscribe': { chunk: 'page-plans', heading: { eyebrow: 'plans.eyebrow', title: 'plans.title' } },
  '/movie/:slug/play': 'page-title',
  '/political': 'page-category',
  '/health': 'page-category',
  '/education': 'page-category',
  '/political/episode/:episodeId': 'page-episode',
  '/health/episode/:episodeId': 'page-episode',
  '/education/episode/:episodeId': 'page-episode',
  '/search': 'page-search',
  '/movies': 'page-movies',
  '/languages/:language': 'page-language',
};

export default (_env, argv) =>
  frontendConfig({
    dir,
    name: 'viewer',
    mode: argv.mode,
    exposes: { './ViewerApp': { import: './src/ViewerApp.tsx', name: 'viewer-app' } },
    remotePages: {
      app: 'viewer-app',
      pages: LANDING_PAGES,
      catalogues: path.join(dir, 'src/i18n/locales'),
    },
  });
