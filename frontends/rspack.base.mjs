// The rspack configuration the three front ends share: SWC for TypeScript/TSX, native CSS,
// content-hashed file names, files precompressed for the web server and the federation settings of
// ARCHITECTURE rule 8.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** Packages the shell owns and lends every remote that uses them, each as one copy per page. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'zustand',
  'i18next',
  'react-i18next',
];

/** `react-dom/client` → `react-dom`. */
const packageOf = (request) => request.split('/')[0];

/** The version of a package as installed where `dir` resolves it. */
function installedVersion(dir, name) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (at === path.dirname(at)) throw new Error(`${name} is not installed where ${dir} can find it`);
  }
}

/** Where a slim entry imports the real package from: a name the federation plugin does not take over. */
export const federationSource = (name) => `@chitram/federation-source/${name}`;

/**
 * Singletons owned by the shell and reused by every remote that depends on them: one React, one
 * router (so a remote's <Routes> sees the shell's BrowserRouter), one zustand and one i18next
 * instance (the interface language). `slim` names the shell's own entries for some of them: a shared
 * package is kept whole (any remote may ask for any of its exports), so the shell lends instead a
 * module that re-exports only what the apps use, which can be tree-shaken.
 */
function sharedSingletons(dir, dependencies, slim) {
  const shared = {};
  for (const request of SINGLETONS) {
    const name = packageOf(request);
    if (!dependencies[name]) continue;
    shared[request] = { singleton: true, requiredVersion: dependencies[name] };
    if (slim[request])
      Object.assign(shared[request], {
        import: path.resolve(dir, slim[request]),
        version: installedVersion(dir, name),
      });
  }
  return shared;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the web server sends compressed (libs/web-server): text, never images, fonts or source maps. */
const PRECOMPRESSED = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/;

/**
 * Writes `<asset>.br` and `<asset>.gz` beside every text asset, at the highest levels: done once per
 * build, it costs the server nothing per request. A variant that saves nothing is left out, and the
 * server then sends the next one it has.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification, hashing and the HTML page, so the bytes compressed are the final ones.
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => PRECOMPRESSED.test(name));
          await Promise.all(
            names.map(async (name) => {
              const raw = compilation.getAsset(name).source.buffer();
              const [br, gz] = await Promise.all([
                brotli(raw, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  },
                }),
                gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              for (const [suffix, bytes] of [
                ['.br', br],
                ['.gz', gz],
              ]) {
                if (bytes.length < raw.length) {
                  compilation.emitAsset(`${name}${suffix}`, new sources.RawSource(bytes));
                }
              }
            }),
          );
        },
      );
    });
  }
}

/**
 * Names in the host's page the files its entry loads at once: the chunks behind the async boundary
 * (bootstrap) and the shared packages it lends. Without them the browser learns of these files only
 * once the entry script has run, one round trip later (issue 11). Scripts are preloaded, at the low
 * priority a deferred script has (the page's banner goes first), not run: the runtime adds each when
 * the entry asks for it, after the page's first paint (src/index.ts), and the browser takes it from
 * what it has fetched. Run by the page itself they ran before that paint, and a phone's first picture
 * waited for them (issue 19: Largest Contentful Paint). A page whose own bytes draw its first paint (a
 * banner, a heading) leaves the scripts' preloads out (the shell's web server drops the tags marked
 * AFTER_FIRST_PAINT_ATTRIBUTE: libs/web-server/banner-placeholder.mjs): the entry asks for them once
 * that paint is shown, so it has the line to itself; every other page shows nothing before they have
 * run. Styles are preloaded, so they apply when the runtime adds them, as before, and never hold back
 * the first paint; so are the fonts `fonts` names, which every page shows at once (they are then there
 * for the first layout).
 */
/** Marks the host page's script preloads that a page drawing its own first paint leaves out. */
const AFTER_FIRST_PAINT_ATTRIBUTE = 'data-after-first-paint';

class StartupChunksPlugin {
  /** @param {RegExp[]} fonts */
  constructor(fonts) {
    this.fonts = fonts;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupChunksPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(
        'StartupChunksPlugin',
        async (data) => {
          const entry = compilation.entrypoints.get('main');
          const files = [...new Set(entry.childrenIterable.flatMap((group) => group.getFiles()))];
          const tag = (tagName, attributes) => ({ tagName, voidTag: tagName === 'link', attributes });
          const href = (file) => `${data.publicPath}${file}`;
          data.headTags.push(
            ...files
              .filter((file) => file.endsWith('.css'))
              .map((file) => tag('link', { rel: 'preload', as: 'style', href: href(file) })),
            ...Object.keys(compilation.assets)
              .filter((file) => this.fonts.some((font) => font.test(file)))
              .map((file) =>
                tag('link', {
                  rel: 'preload',
                  as: 'font',
                  type: 'font/woff2',
                  crossorigin: '',
                  href: href(file),
                }),
              ),
            ...files
              .filter((file) => file.endsWith('.js'))
              .map((file) =>
                tag('link', {
                  rel: 'preload',
                  as: 'script',
                  fetchpriority: 'low',
                  href: href(file),
                  [AFTER_FIRST_PAINT_ATTRIBUTE]: '',
                }),
              ),
          );
          return data;
        },
      );
    });
  }
}

/**
 * Where a remote's catalogue lacks a wording: Bhojpuri falls back to Hindi, every language to
 * English (FALLBACK_LANGUAGES in frontends/shell/src/i18n/languages.ts, as the site's i18next has it).
 */
const FALLBACK_LANGUAGES = { bho: ['hi', 'en'], default: ['en'] };

/** The wording of the dotted `key` (`plans.title`) in `catalogue`, or undefined. */
const wordingOf = (catalogue, key) => {
  const value = key.split('.').reduce((node, part) => (node == null ? undefined : node[part]), catalogue);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * A page heading's words in every language of `catalogues` (language → the remote's catalogue), from
 * the message keys `keys` names (`{ eyebrow: 'plans.eyebrow', title: 'plans.title' }`): each falls
 * back as the site's i18next does; a key English lacks fails the build.
 * @param {Record<string, object>} catalogues
 * @param {Record<string, string>} keys
 * @returns {Record<string, Record<string, string>>}
 */
export function headingWords(catalogues, keys) {
  for (const [part, key] of Object.entries(keys)) {
    if (!wordingOf(catalogues.en, key))
      throw new Error(`RemotePagesPlugin: the English catalogue has no ${key} (the heading's ${part})`);
  }
  return Object.fromEntries(
    Object.keys(catalogues).map((language) => {
      const order = [language, ...(FALLBACK_LANGUAGES[language] ?? FALLBACK_LANGUAGES.default)];
      const words = Object.entries(keys).map(([part, key]) => [
        part,
        order.map((l) => wordingOf(catalogues[l], key)).find(Boolean),
      ]);
      return [language, Object.fromEntries(words)];
    }),
  );
}

/** Every `<language>.json` catalogue in `dir`, by language. */
function readCatalogues(dir) {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        path.basename(file, '.json'),
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
      ]),
  );
}

/**
 * Writes `pages.json` beside a remote's remoteEntry.js: the files its exposed application needs
 * before it can show anything (`app`), and, for each page address the remote names in `pages`, the
 * files of that page's own chunk (`routes`). The shell's web server reads it and names those files
 * in the page it serves (libs/web-server/remote-pages.mjs), so a phone fetches them with the page's
 * first bytes instead of one round trip after another once the scripts have run (issue 19). Paths are
 * relative to remoteEntry.js, as the remote's own chunks are (public path `auto`). A page that names a
 * `heading` (message keys of its eyebrow and title) gets its words in every language of the remote's
 * catalogues, which the shell's server draws in the page itself (libs/web-server/page-heading.mjs).
 */
class RemotePagesPlugin {
  /**
   * @param {string} appChunk  the chunk name of the exposed application
   * @param {Record<string, string | { chunk: string, heading?: Record<string, string> }>} pages  page
   *   address (`/movie/:slug/play`) → chunk name of its page, or that and its heading's message keys
   * @param {string | null} cataloguesDir  the remote's `<language>.json` catalogues (for headings)
   */
  constructor(appChunk, pages, cataloguesDir = null) {
    this.appChunk = appChunk;
    this.pages = pages;
    this.cataloguesDir = cataloguesDir;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RemotePagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After hashing, so the files are named as they are served; before precompression, so the
        // manifest gets its .br and .gz too.
        { name: 'RemotePagesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const filesOf = (chunkName) => {
            const group = compilation.namedChunkGroups.get(chunkName);
            if (!group) throw new Error(`RemotePagesPlugin: no chunk is named ${chunkName}`);
            return [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((file) =>
              /\.(js|css)$/.test(file),
            );
          };
          let catalogues = null;
          const wordsOf = (keys) => {
            if (!this.cataloguesDir) throw new Error('RemotePagesPlugin: a heading needs the catalogues');
            catalogues ??= readCatalogues(this.cataloguesDir);
            return headingWords(catalogues, keys);
          };
          const app = filesOf(this.appChunk);
          const routes = Object.entries(this.pages).map(([path, page]) => {
            const { chunk, heading } = typeof page === 'string' ? { chunk: page } : page;
            return {
              path,
              files: filesOf(chunk).filter((file) => !app.includes(file)),
              ...(heading ? { heading: wordsOf(heading) } : {}),
            };
          });
          if (this.cataloguesDir) {
            for (const file of fs.readdirSync(this.cataloguesDir))
              compilation.fileDependencies.add(path.join(this.cataloguesDir, file));
          }
          const body = `${JSON.stringify({ app, routes }, null, 2)}\n`;
          compilation.emitAsset('pages.json', new sources.RawSource(body));
        },
      );
    });
  }
}

/**
 * @param {{ dir: string, name: string, mode?: string, exposes?: Record<string, string | { import: string, name: string }>, host?: boolean, slimShared?: Record<string, string>, preloadFonts?: RegExp[], remotePages?: { app: string, pages: Record<string, string | { chunk: string, heading?: Record<string, string> }>, catalogues?: string } | null }} app
 *   `host` builds the shell (own page, absolute public path, no container); otherwise a remote
 *   exposing `exposes` from remoteEntry.js, with assets resolved relative to wherever it is served.
 *   `slimShared`: shared packages lent through a slim entry of this app (see sharedSingletons).
 *   `remotePages`: a remote's `pages.json` (RemotePagesPlugin): the chunk name of its exposed
 *   application and, per page address, the chunk name of that page (and its heading's message keys,
 *   resolved from the `<language>.json` catalogues in the folder `catalogues` names).
 */
export function frontendConfig({
  dir,
  name,
  mode = 'production',
  exposes = {},
  host = false,
  slimShared = {},
  preloadFonts = [],
  remotePages = null,
}) {
  const require = createRequire(path.join(dir, 'package.json'));
  const { dependencies } = require('./package.json');
  const production = mode === 'production';

  return {
    mode,
    context: dir,
    // A remote has no page of its own to boot: the federation container is its only entry.
    entry: host ? { main: './src/index.ts' } : {},
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: host ? '/' : 'auto',
      uniqueName: `chitram_${name}`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '...'],
      alias: Object.fromEntries(Object.keys(slimShared).map((p) => [`${federationSource(p)}$`, p])),
    },
    experiments: { css: true },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
        { test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: './index.html',
        // A remote's page is only a pointer to the shell; its scripts load through remoteEntry.js.
        ...(host ? {} : { chunks: [] }),
      }),
      new ModuleFederationPlugin({
        name,
        ...(host ? {} : { filename: 'remoteEntry.js', exposes }),
        // Remotes are registered at run time from /remotes.json, never at build time.
        remotes: {},
        shared: sharedSingletons(dir, dependencies, slimShared),
        dts: false,
        // remotes.json names remoteEntry.js directly, so no mf-manifest.json is needed.
        manifest: false,
        // One federation runtime per page: the shell publishes its runtime core and each remote's
        // remoteEntry.js uses it instead of bundling (and running) a second copy of its own.
        experiments: {
          ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
          // Browsers only, and remotes named by their remoteEntry.js, never by a manifest snapshot:
          // the runtime's Node loader and snapshot plugins are left out.
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      ...(host ? [new StartupChunksPlugin(preloadFonts)] : []),
      ...(remotePages
        ? [new RemotePagesPlugin(remotePages.app, remotePages.pages, remotePages.catalogues ?? null)]
        : []),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    performance: { hints: false },
  };
}
