import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { FIRST_LOAD_ROUTES } from './first-load-routes';
import { precompressPlugin } from './vite-precompress';
import { routePreloadPlugin } from './vite-route-preload';
import { stylesheetPreloadPlugin } from './vite-stylesheet-preload';

// React Router's package exports only its development build (remix-run/react-router#12532), with
// its dev warnings and checks: a phone spent ~40 ms more creating the router and matching routes.
// The production build sits beside it in the package.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/dist[/\\]development[/\\]index\.m?js$/, 'dist/production/index.mjs');

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [react(), routePreloadPlugin(FIRST_LOAD_ROUTES), stylesheetPreloadPlugin(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: e2e/first-load-budget.e2e.ts reads each route's first load from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Issue #20: a phone on HTTP/1.1 fetched 33 (login) and 66 (dashboard) small chunks, six
          // at a time. React with its router and query client is one chunk, and the Mantine code
          // twelve or more chunks share is another; the rest splits by route as before. (Eight until
          // the admin console's nine sections: their tables, tabs and checkboxes then counted as
          // shared and went into every first load, /login's included: 220 KB.)
          groups: [
            { name: 'react', test: /node_modules[/](react|react-dom|scheduler|react-router|@tanstack)[/]/ },
            {
              name: 'mantine',
              test: /node_modules[/](@mantine[/](core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es|use-isomorphic-layout-effect|use-composed-ref|use-latest)/,
              minShareCount: 12,
            },
          ],
        },
      },
    },
  },
}));
