import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

type Routes = Record<string, { signedIn: boolean; lazy: readonly string[]; early?: readonly string[] }>;

/** Written into dist/: each budgeted page's first-load files (paths under dist/). */
export const FIRST_LOADS_FILE = '.vite/first-loads.json';

/** The static-import closure of `roots` (chunk file names), with the CSS those chunks import. */
function closure(bundle: OutputBundle, roots: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || files.has(file)) return;
    files.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

/**
 * The route chunks of a first load are found only once the entry has run (React Router's lazy
 * routes): on a phone, a second wave of requests after a slow script. This writes a small script
 * into the page, before the entry, that preloads the lazy chunks and styles of the page opened,
 * for the pages of `routes` (issue #20).
 */
export function routePreloadPlugin(routes: Routes): Plugin {
  return {
    name: 'parity-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const loaded = closure(bundle, [entry.fileName]);
      const table: Record<string, { signedIn: boolean; files: string[]; early: readonly string[] }> = {};
      for (const [pathname, { signedIn, lazy, early = [] }] of Object.entries(routes)) {
        const roots = lazy.map((source) => {
          const module = path.resolve(import.meta.dirname, source);
          const chunk = chunks.find((c) => c.facadeModuleId === module || c.moduleIds.includes(module));
          if (!chunk) throw new Error(`route preload: no chunk for ${source}`);
          return chunk.fileName;
        });
        const files = [...closure(bundle, roots)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
        table[pathname] = { signedIn, files, early };
      }
      // The API reads a signed-in page starts with are sent from here too, with the stored token,
      // while the scripts download: lib/early-responses.ts hands each answer to the app's first
      // GET of that path (a Bearer header rules out <link rel=preload as=fetch>).
      const source = `(() => {
const route = ${JSON.stringify(table)}[location.pathname];
const token = localStorage.getItem('access_token');
if (route && route.signedIn === Boolean(token)) {
  if (token && route.early.length) {
    const responses = {};
    for (const path of route.early) {
      const response = fetch(path, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token }, credentials: 'omit' });
      response.catch(() => {});
      responses[path] = response;
    }
    window.__parityEarlyResponses = { token, responses };
  }
  for (const file of route.files) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
})();
`;
      // Inline, so it runs as the page is parsed: a script file, even async, came in with the
      // entry's chunks (a phone's browser fetched it at low priority), and only then were the
      // route's chunks and reads asked for. The server allows this script by its hash in the
      // page's CSP (apps/api/src/plugins/web-app.ts). It comes after the entry's own preloads:
      // those (React, Mantine, the entry) are the largest files and the first render waits for
      // them; on HTTP/1.1 (six at a time) the route's files had queued ahead of them.
      html.source = String(html.source).replace(/(\s*)<\/head>/, `$1  <script>${source}</script>$1</head>`);
      // What each page's first load fetches, for its budget (e2e/first-load-budget.e2e.ts).
      const firstLoads = Object.fromEntries(
        Object.entries(table).map(([pathname, { files }]) => [
          pathname,
          [...loaded, ...files.map((f) => f.slice(1))],
        ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: FIRST_LOADS_FILE,
        source: `${JSON.stringify(firstLoads, null, 2)}\n`,
      });
    },
  };
}
