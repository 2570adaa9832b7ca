import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (recursively) that
 * shrinks, so the server sends them to clients that accept them without compressing per request.
 */
export async function precompress(dir: string): Promise<string[]> {
  const written: string[] = [];
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await fs.promises.readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    const variants = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).then((out) => [`${file}.br`, out] as const),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }).then((out) => [`${file}.gz`, out] as const),
    ]);
    for (const [target, out] of variants) {
      if (out.length >= bytes.length) continue;
      await fs.promises.writeFile(target, out);
      written.push(target);
    }
  }
  return written;
}

/** The build step: precompresses the output directory once Vite has written it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'parity-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
