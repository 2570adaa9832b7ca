import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { CodeSplittingNameFunction } from 'rolldown';
import { defineConfig } from 'vite';
import { FIRST_LOAD_ROUTES } from './first-load-routes';
import { mantineUseIdPlugin } from './vite-mantine-use-id';
import { precompressPlugin } from './vite-precompress';
import { routePreloadPlugin } from './vite-route-preload';
import { stylesheetPreloadPlugin } from './vite-stylesheet-preload';

// React Router's package exports only its development build (remix-run/react-router#12532), with
// its dev warnings and checks: a phone spent ~40 ms more creating the router and matching routes.
// The production build sits beside it in the package.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/dist[/\\]development[/\\]index\.m?js$/, 'dist/production/index.mjs');

/** Mantine's overlay components (and what shares their Floating UI or scroll area). */
const MANTINE_OVERLAYS =
  'Popover|Menu|Combobox|Select|MultiSelect|TagsInput|Autocomplete|Tooltip|Pagination|FloatingIndicator|SegmentedControl|ScrollArea|Table|Modal|ModalBase|Drawer';

/**
 * Names `name` the modules of `roots` (source paths) and their static imports, apart from those of
 * the entry and of `otherRoots` (another first load), and from what a group before it took: one
 * chunk for a first load's own code.
 */
function firstLoadChunkName(
  roots: readonly string[],
  otherRoots: readonly string[],
  name: string,
): CodeSplittingNameFunction {
  let members: Set<string> | undefined;
  return (id, ctx) => {
    if (!members) {
      const closure = (starts: string[]) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length) {
          const next = stack.pop() as string;
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const resolve = (sources: readonly string[]) =>
        sources.map((s) => path.resolve(import.meta.dirname, s));
      const elsewhere = closure(resolve(['src/main.tsx', ...otherRoots]));
      members = new Set([...closure(resolve(roots))].filter((member) => !elsewhere.has(member)));
    }
    return members.has(id) ? name : null;
  };
}

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    mantineUseIdPlugin(),
    react(),
    routePreloadPlugin(FIRST_LOAD_ROUTES),
    stylesheetPreloadPlugin(),
    precompressPlugin(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Issue #20: a phone on HTTP/1.1 fetched 33 (login) and 66 (dashboard) small chunks, six
          // at a time. Groups are taken in priority order, highest first:
          groups: [
            // React with its router and query client.
            {
              name: 'react',
              test: /node_modules[/](react|react-dom|scheduler|react-router|@tanstack)[/]/,
              priority: 3,
            },
            // Mantine's code that thirteen or more chunks share: at a lower count, code of pages
            // that no first load shows went into every first load (at eight, the admin console's
            // tables, tabs and checkboxes; at twelve, the checkboxes again once the calendar and
            // the pods shared one event form).
            {
              name: 'mantine',
              test: new RegExp(
                `node_modules[/](@mantine[/]core[/]esm[/](?!components[/](${MANTINE_OVERLAYS})[/])|@mantine[/]hooks|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es|use-isomorphic-layout-effect|use-composed-ref|use-latest)`,
              ),
              minShareCount: 13,
              priority: 2,
            },
            // Its overlays and their Floating UI apart (39 KB): no first paint shows one (the top
            // bar loads its menu, drawer and popover afterwards). Their dependencies stay where
            // they are, in the group above.
            {
              name: 'mantine-overlays',
              test: new RegExp(
                `node_modules[/](@floating-ui|@mantine[/]core[/]esm[/]components[/](${MANTINE_OVERLAYS}))[/]`,
              ),
              minShareCount: 12,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The signed-in first load ('/': the top-bar layout and the dashboard) in one file
            // instead of twenty small ones: each costs a phone a round trip on one of its six
            // connections while the large files share the link. What the entry or /login also
            // load stays out.
            {
              name: firstLoadChunkName(
                FIRST_LOAD_ROUTES['/'].lazy,
                FIRST_LOAD_ROUTES['/login'].lazy,
                'first-load',
              ),
              debugName: 'first-load',
              priority: 0,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
