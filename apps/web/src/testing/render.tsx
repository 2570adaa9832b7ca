import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from '../app/provider';
import { createRoutes } from '../app/router';
import { RootRoute } from '../app/routes/root';
import { type AppRouter, bindLogoutToRouter } from '../app/session-navigation';
import { api } from '../lib/api-client';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** The app's providers as tests need them: Mantine and TanStack Query. */
export function TestProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <MantineProvider>{children}</MantineProvider>
    </QueryClientProvider>
  );
}

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  queryClient?: QueryClient;
  /** The app's own providers (its theme, the alert stack, the global loader) instead of bare ones. */
  app?: boolean;
}

/** Renders inside the app's providers with a fresh query client (or the one given). */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient, app, ...options }: ProvidersOptions = {},
) {
  const client = queryClient ?? (app ? createQueryClient() : createTestQueryClient());
  const wrapper = ({ children }: { children: ReactNode }) =>
    app ? (
      <AppProvider queryClient={client}>{children}</AppProvider>
    ) : (
      <TestProviders client={client}>{children}</TestProviders>
    );
  return { queryClient: client, ...render(ui, { wrapper, ...options }) };
}

const unbinds: (() => void)[] = [];

/** Test pages under the app's real root route (its dialog host, error boundary and alerts). */
export function underAppRoot(children: RouteObject[]): RouteObject[] {
  return [{ element: <RootRoute />, children }];
}

/**
 * Renders the real route tree in a memory router inside the app's providers, with the logout
 * wiring main.tsx uses. Call `cleanupApps()` after each test.
 */
export function renderApp(path: string, routes?: RouteObject[]) {
  const queryClient = createQueryClient();
  let router: AppRouter | undefined;
  unbinds.push(bindLogoutToRouter(queryClient, () => router));
  // A test's own routes get what the app's root route has: nothing drawn while the first route's
  // lazy module and loaders load (React Router warns of a tree without it).
  const tree = routes ? [{ HydrateFallback: () => null, children: routes }] : createRoutes();
  router = createMemoryRouter(tree, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient, ...view };
}

export function cleanupApps() {
  for (const unbind of unbinds.splice(0)) unbind();
}

/**
 * A page whose read, `GET /api/slow`, answers when the test's stub does: for what waits for the
 * page's reads to settle (lib/when-reads-settle.ts).
 */
export function SlowPage() {
  const read = useQuery({ queryKey: ['slow'], queryFn: () => api.get<{ title: string }>('/api/slow') });
  return <h1>{read.data?.title ?? 'Loading the page'}</h1>;
}
