import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './vite-precompress';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes .br and .gz beside the text files that shrink, with the same bytes once decoded', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = `export const x = ${JSON.stringify('parity '.repeat(500))};`;
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), `<html>${'<p>hi</p>'.repeat(200)}</html>`);
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));

    await precompress(dir);

    const file = path.join(dir, 'assets', 'index-abc.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.gz'))).toBe(true);
    // Too small to gain, or not text: left alone.
    expect(fs.readdirSync(dir).sort()).toEqual([
      'assets',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'photo.png',
      'tiny.css',
    ]);
  });
});
