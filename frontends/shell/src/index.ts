import { afterFirstPaint } from './app/after-first-paint';
import { startEarlyRequests } from './app/early-requests';

// What the first screen waits for is asked for now, while the code that shows it is still loading.
startEarlyRequests(window.location);
// The async boundary lets the federation runtime negotiate the shared singletons before React loads.
// It starts once the page's first picture is on the screen (the banner its first bytes carry): the
// shell's chunks then run after that picture is shown, not before it (issue 19: Largest Contentful
// Paint), and in a task of their own rather than in the entry's (Total Blocking Time). A page without
// a first paint of its own preloads them (rspack.base.mjs); a page whose bytes draw a banner or a
// heading leaves them out, so a phone fetches that paint's picture or face alone and these chunks
// once it is shown (libs/web-server/banner-placeholder.mjs).
afterFirstPaint(() => void import('./bootstrap'));
