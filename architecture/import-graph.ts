import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of our own source and the boundary rules it must keep (docs/architecture.md,
 * "Boundaries"). Imports are read with TypeScript's own pre-processor (static, re-exports,
 * side-effect and dynamic imports) and resolved to files, so an alias or a re-export cannot
 * hide an edge.
 */

export const SOURCE_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/domain/src'] as const;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

export interface ImportEdge {
  /** repository-relative, forward slashes */
  from: string;
  to: string;
}

/** Every .ts/.tsx file under the roots, repository-relative. */
export function listSources(repoRoot: string, roots: readonly string[] = SOURCE_ROOTS): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(rel);
      }
    }
  };
  for (const root of roots) if (fs.existsSync(path.join(repoRoot, root))) walk(root);
  return files.sort();
}

/** Resolves a relative specifier against the importing file, among the known files. */
export function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => `${base}/index${e}`),
  ];
  return candidates.find((c) => known.has(c)) ?? null;
}

/** The edges between our files, from a map of file -> source text. */
export function importEdges(sources: ReadonlyMap<string, string>): ImportEdge[] {
  const known = new Set(sources.keys());
  const edges: ImportEdge[] = [];
  for (const [file, text] of sources) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName } of importedFiles) {
      const to = resolveSpecifier(file, fileName, known);
      if (to) edges.push({ from: file, to });
    }
  }
  return edges;
}

export function readSources(repoRoot: string, files: readonly string[]): Map<string, string> {
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(repoRoot, f), 'utf8')]));
}

// --- the rules ----------------------------------------------------------------------------------

const API = 'apps/api/src/';
const WEB = 'apps/web/src/';

/** `features/<name>` of a web file, or null. */
export function webFeatureOf(file: string): string | null {
  const m = file.startsWith(WEB) ? /^features\/([^/]+)\//.exec(file.slice(WEB.length)) : null;
  return m?.[1] ?? null;
}

/** `modules/<name>` of an API file, or null. */
export function apiModuleOf(file: string): string | null {
  const m = file.startsWith(API) ? /^modules\/([^/]+)\//.exec(file.slice(API.length)) : null;
  return m?.[1] ?? null;
}

/** The first folder (or file) under apps/api/src: core, db, lib, plugins, modules, seed, test... */
function apiLayerOf(file: string): string | null {
  return file.startsWith(API) ? (file.slice(API.length).split('/')[0] ?? null) : null;
}

function webLayerOf(file: string): string | null {
  return file.startsWith(WEB) ? (file.slice(WEB.length).split('/')[0] ?? null) : null;
}

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Layers of the API below the modules: they may never import a module or the seeds. */
const API_KERNEL_LAYERS = new Set(['core', 'db', 'lib', 'plugins']);
/** Shared web layers: no feature, no app composition. */
const WEB_SHARED_LAYERS = new Set(['components', 'lib']);

/**
 * Test files may use the demo data (seed/) as fixtures, and a kernel test may drive the kernel
 * through a module's routes as the app does; production code never does either.
 */
const isTest = (file: string) => /\.(test|integration-test|e2e)\.tsx?$/.test(file);

/** A module's public face for other modules: its exported service, nothing else. */
const isModuleService = (file: string) => /^apps\/api\/src\/modules\/[^/]+\/service\.ts$/.test(file);

export function boundaryViolations(edges: readonly ImportEdge[]): Violation[] {
  const out: Violation[] = [];
  for (const { from, to } of edges) {
    const add = (rule: string) => out.push({ rule, from, to });

    // web
    const fromFeature = webFeatureOf(from);
    const toFeature = webFeatureOf(to);
    if (fromFeature && toFeature && fromFeature !== toFeature) {
      add('a web feature never imports another feature (compose them in app/routes)');
    }
    if (fromFeature && webLayerOf(to) === 'app') add('a web feature never imports the app layer');
    if (WEB_SHARED_LAYERS.has(webLayerOf(from) ?? '') && (toFeature || webLayerOf(to) === 'app')) {
      add('shared web components and lib never import a feature or the app layer');
    }

    // api
    const fromModule = apiModuleOf(from);
    const toModule = apiModuleOf(to);
    if (fromModule && toModule && fromModule !== toModule && !isModuleService(to)) {
      add("an API module reaches another module only through that module's service.ts");
    }
    const fromLayer = apiLayerOf(from) ?? '';
    const toLayer = apiLayerOf(to) ?? '';
    if (API_KERNEL_LAYERS.has(fromLayer) && !isTest(from) && (toModule || toLayer === 'seed')) {
      add('the API kernel (core, db, lib, plugins) never imports a module or the seeds');
    }
    if (fromLayer === 'core' && to.startsWith(API) && !toModule && !['core', 'db', 'lib'].includes(toLayer)) {
      add('the kernel (core) builds only on core, db and lib');
    }
    if (fromModule && toLayer === 'seed' && !isTest(from)) add('an API module never imports the seeds');
    if (fromLayer === 'seed' && /\/routes\.ts$/.test(to)) add('seeds never import route files');

    // domain
    if (from.startsWith('packages/domain/') && to.startsWith('apps/')) {
      add('the domain package never imports an app');
    }
  }
  return out;
}

/** Cycles between API modules (each as the list of modules around it), from the module graph. */
export function moduleCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = apiModuleOf(from);
    const b = apiModuleOf(to);
    if (!a || !b || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)?.add(b);
  }
  // Tarjan's strongly connected components: every component of more than one module is a cycle.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return cycles;
}
