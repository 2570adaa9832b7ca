import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy/waitFor give up after 1 s by default: a whole-app test that opens a lazy route compiles
// its modules on first import, which took over 5 s on a 2-core machine running two test workers
// beside other builds (support.test's first page). Only a failing wait ever lasts this long.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs Mantine relies on (see Mantine's testing guide).
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverShim implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!window.ResizeObserver) window.ResizeObserver = ResizeObserverShim;

// jsdom lacks the HTML search element (in browsers since 2023) and makes it an HTMLUnknownElement,
// which React reports as a misspelt tag: it is made a plain element, as browsers have it.
const createElement = Document.prototype.createElement;
Document.prototype.createElement = function (
  this: Document,
  tagName: string,
  options?: ElementCreationOptions,
) {
  const element = createElement.call(this, tagName, options);
  if (tagName.toLowerCase() === 'search')
    Object.defineProperty(element, Symbol.toStringTag, { value: 'HTMLElement' });
  return element;
} as typeof createElement;

// The router restores the scroll position on navigation; jsdom has no layout to scroll.
window.scrollTo = () => {};

if (!window.HTMLElement.prototype.scrollIntoView) {
  window.HTMLElement.prototype.scrollIntoView = () => {};
}

// The suite is quiet: a console error or warning that a test did not expect fails it. A test that
// expects one spies on the console itself (vi.spyOn(console, 'error').mockImplementation(...)),
// which takes the place of this guard's recording for that test.
const unexpected: string[] = [];
beforeEach(() => {
  unexpected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    // biome-ignore lint/suspicious/noConsole: the guard of the console itself
    const write = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(
        `console.${level}: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}\n${new Error().stack}`,
      );
      write(...args);
    });
  }
});

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const logged = unexpected.splice(0);
  for (const level of ['error', 'warn'] as const) {
    // biome-ignore lint/suspicious/noConsole: the guard of the console itself
    if (vi.isMockFunction(console[level])) vi.mocked(console[level]).mockRestore();
  }
  if (logged.length) throw new Error(`The test logged what it did not expect:\n${logged.join('\n')}`);
});
