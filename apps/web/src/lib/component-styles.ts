/**
 * Mantine's styles for the components no first paint shows (src/styles/components.css), loaded
 * once: the app's stylesheet holds only what /login and the dashboard paint first (issue #20).
 */
let loading: Promise<void> | undefined;

export function loadComponentStyles(): Promise<void> {
  loading ??= import('../styles/components').then(
    () => undefined,
    (error: unknown) => {
      // A failed load (offline, a deploy replaced the file) is tried again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** `load` (a page's or a panel's code) once the component styles are in too: it never paints unstyled. */
export function withComponentStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([loadComponentStyles(), load()]).then(([, loaded]) => loaded);
}
