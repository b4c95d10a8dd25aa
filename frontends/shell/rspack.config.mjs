import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { frontendConfig } from '../rspack.base.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** Shared packages the shell lends through its own slim entries (src/federation/shared/). */
export const SLIM_SHARED = {
  'react-router': './src/federation/shared/react-router.ts',
  'react-i18next': './src/federation/shared/react-i18next.ts',
};

/** The Latin face every page's text starts in (src/fonts/latin.css); the other scripts load as they show. */
const PRELOAD_FONTS = [/noto-sans-latin-wght-normal\.[0-9a-f]+\.woff2$/];

export default (_env, argv) => {
  const config = frontendConfig({
    dir,
    name: 'shell',
    mode: argv.mode,
    host: true,
    slimShared: SLIM_SHARED,
    preloadFonts: PRELOAD_FONTS,
  });
  // The banner placeholder's rules, which the server inlines into the home and title pages
  // (libs/web-server/banner-placeholder.mjs), and the page heading's, which it inlines into the plans
  // page (libs/web-server/page-heading.mjs); shell.css bundles the same files for the shell's own.
  config.plugins.push(
    new rspack.CopyRspackPlugin({
      patterns: [
        { from: 'src/styles/banner-placeholder.css', to: 'banner-placeholder.css' },
        { from: 'src/styles/page-heading.css', to: 'page-heading.css' },
      ],
    }),
  );
  return config;
};
