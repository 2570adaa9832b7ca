import path from 'node:path';
import type { Plugin } from 'vite';

/** The module that stands in for `@mantine/hooks`' useId (see it for why). */
export const MANTINE_USE_ID = path.join(import.meta.dirname, 'src/lib/mantine-use-id.ts');

/** Where `@mantine/hooks` imports its useId module from, or undefined for any other import. */
export function mantineUseIdTarget(source: string, importer: string | undefined): string | undefined {
  const fromMantineHooks =
    importer !== undefined && /[/\\]@mantine[/\\]hooks[/\\]esm[/\\]index\.mjs$/.test(importer);
  return fromMantineHooks && source === './use-id/use-id.mjs' ? MANTINE_USE_ID : undefined;
}

/** Builds the app with lib/mantine-use-id.ts as `@mantine/hooks`' useId (Mantine's components take it from there). */
export function mantineUseIdPlugin(): Plugin {
  return {
    name: 'parity:mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      return mantineUseIdTarget(source, importer) ?? null;
    },
  };
}
