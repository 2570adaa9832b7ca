import { afterEach, describe, expect, it } from 'vitest';
import { applyAppStylesheets } from './app-stylesheets';

afterEach(() => {
  document.head.innerHTML = '';
});

function preload(href: string, marked = true) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'style');
  link.href = href;
  link.crossOrigin = '';
  if (marked) link.setAttribute('data-app-stylesheet', '');
  document.head.append(link);
}

const stylesheets = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('applyAppStylesheets', () => {
  it("applies the page's preloaded stylesheets and resolves once each has loaded or failed", async () => {
    preload('/assets/index-abc.css');
    preload('/assets/fonts-def.css');
    // A route's stylesheet preloaded by the route preloader is applied with its chunk, not here.
    preload('/assets/route-ghi.css', false);
    let applied = false;
    const done = applyAppStylesheets().then(() => {
      applied = true;
    });
    expect(stylesheets()).toEqual(['/assets/index-abc.css', '/assets/fonts-def.css']);
    const [first, second] = document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    // Fetched as the preload was (CORS), so the preloaded response is the one used.
    expect(first?.hasAttribute('crossorigin')).toBe(true);
    first?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(applied).toBe(false);
    second?.dispatchEvent(new Event('error'));
    await done;
    expect(applied).toBe(true);
  });

  it('resolves at once when the page preloads no stylesheet (the development server)', async () => {
    await expect(applyAppStylesheets()).resolves.toBeUndefined();
    expect(stylesheets()).toEqual([]);
  });
});
