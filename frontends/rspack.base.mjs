// The rspack configuration the three front ends share: SWC for TypeScript/TSX, native CSS,
// content-hashed file names and the federation settings of ARCHITECTURE rule 8.
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/**
 * Singletons owned by the shell and reused by every remote: one React, one router (so a remote's
 * <Routes> sees the shell's BrowserRouter) and one zustand.
 */
function sharedSingletons(dependencies) {
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(dependencies.react),
    'react/jsx-runtime': singleton(dependencies.react),
    'react-dom': singleton(dependencies['react-dom']),
    'react-dom/client': singleton(dependencies['react-dom']),
    'react-router': singleton(dependencies['react-router']),
    zustand: singleton(dependencies.zustand),
  };
}

/**
 * @param {{ dir: string, name: string, mode?: string, exposes?: Record<string, string>, host?: boolean }} app
 *   `host` builds the shell (own page, absolute public path, no container); otherwise a remote
 *   exposing `exposes` from remoteEntry.js, with assets resolved relative to wherever it is served.
 */
export function frontendConfig({ dir, name, mode = 'production', exposes = {}, host = false }) {
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
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '...'] },
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
        shared: sharedSingletons(dependencies),
        dts: false,
        // remotes.json names remoteEntry.js directly, so no mf-manifest.json is needed.
        manifest: false,
      }),
    ],
    performance: { hints: false },
  };
}
