import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CurrentAccount } from '../../features/auth/api/get-current-account';
import { AppProvider, createQueryClient } from '../provider';
import { createRoutes } from '../router';
import { type AppRouter, bindLogoutToRouter } from '../session-navigation';

const unbinds: (() => void)[] = [];

/**
 * Renders the real route tree in a memory router inside the app's providers, with the logout
 * wiring main.tsx uses. Call `cleanupApps()` after each test.
 */
export function renderApp(path: string, routes: RouteObject[] = createRoutes()) {
  const queryClient = createQueryClient();
  let router: AppRouter | undefined;
  unbinds.push(bindLogoutToRouter(queryClient, () => router));
  router = createMemoryRouter(routes, { initialEntries: [path] });
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

export const ACCOUNT: CurrentAccount = {
  id: 4,
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  organization_id: 2,
  organization_name: 'Acme Capital Partners',
  organization_logo: null,
  isAllowed: true,
  isOrganizationAdministrator: true,
  isAdministrator: false,
  isSurveyHost: false,
  hasLpiAccess: true,
  hasSurveyCreation: false,
  status: 'approved',
};

export interface StubbedCall {
  method: string;
  path: string;
  body: string | null;
  headers: Record<string, string>;
}

type Handler = (call: StubbedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs the network boundary (globalThis.fetch) with handlers keyed "METHOD /path"; unknown calls
 * answer 404. Returns the recorded calls.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: StubbedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const call: StubbedCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init?.body === 'string' ? init.body : null,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    return handler ? handler(call) : json({ message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
