/**
 * Applies the page's own stylesheets, which index.html only preloads (vite-stylesheet-preload.ts:
 * the boot screen paints without waiting for them), and resolves once they have loaded, so the
 * app's first render is styled. A stylesheet that fails to load does not stop the app. In
 * development the modules inject their styles and there is nothing to apply.
 */
export function applyAppStylesheets(doc: Document = document): Promise<void> {
  const preloads = doc.querySelectorAll<HTMLLinkElement>(
    'link[rel="preload"][as="style"][data-app-stylesheet]',
  );
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.href = preload.getAttribute('href') ?? preload.href;
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
