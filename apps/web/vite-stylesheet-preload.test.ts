import { describe, expect, it } from 'vitest';
import { preloadStylesheets } from './vite-stylesheet-preload';

describe('preloadStylesheets', () => {
  it("turns the page's stylesheet links into marked preloads and leaves the rest alone", () => {
    const html = [
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-DA82NzhG.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-Kgs6-Pto.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-CLRYinX_.css">',
      '<style>.boot{display:flex}</style>',
    ].join('\n');
    expect(preloadStylesheets(html).split('\n')).toEqual([
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-DA82NzhG.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-Kgs6-Pto.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/index-CLRYinX_.css" data-app-stylesheet>',
      '<style>.boot{display:flex}</style>',
    ]);
  });
});
