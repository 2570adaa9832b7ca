// Bundles the API into dist/main.js. Our workspace packages are bundled from source;
// every npm dependency stays external and is loaded from node_modules at run time.
// `--watch` rebuilds on change (npm run dev).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { context } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@parity/'));

/** `import text from './file.md?raw'`: the file's text, as vite (the tests) reads it. */
const rawText = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
      watchFiles: [args.path],
    }));
  },
};

const ctx = await context({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'make-template': new URL('./src/db/make-template.ts', import.meta.url).pathname,
    ops: new URL('./src/ops/cli.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  plugins: [rawText],
  logLevel: 'warning',
});
if (process.argv.includes('--watch')) {
  await ctx.watch();
} else {
  await ctx.rebuild();
  await ctx.dispose();
  const dist = new URL('./dist/', import.meta.url);
  execFileSync(
    process.execPath,
    [new URL('make-template.js', dist).pathname, new URL('pglite-template.tar', dist).pathname],
    {
      stdio: 'inherit',
    },
  );
}
