import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bundled = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
const componentDir = path.join(path.dirname(bundled), 'styles');

/** The Mantine style files a stylesheet of ours imports, in order. */
const importsOf = (file: string) =>
  [
    ...fs
      .readFileSync(new URL(file, import.meta.url), 'utf8')
      .matchAll(/@import ["']@mantine\/core\/styles\/([^"']+)["'];/g),
  ].map(([, name]) => name ?? '');

describe("the app's Mantine stylesheets", () => {
  const firstPaint = importsOf('./first-paint.css');
  const components = importsOf('./components.css');

  it("hold every one of Mantine's style files once (a new Mantine component is not left out)", () => {
    const all = fs.readdirSync(componentDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
    expect([...firstPaint, ...components].sort()).toEqual(all.sort());
  });

  it("keep Mantine's own order (styles.css), the base styles first", () => {
    const whole = fs.readFileSync(bundled, 'utf8');
    const offset = (file: string) => whole.indexOf(fs.readFileSync(path.join(componentDir, file), 'utf8'));
    expect(firstPaint.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    for (const list of [firstPaint, components]) {
      const offsets = list.map(offset);
      expect(offsets.filter((at) => at < 0)).toEqual([]);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    }
  });
});
