import type { TestApp } from './app';

/** One operation of the OpenAPI document, keyed `METHOD /path`. */
export interface RouteOperation {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: an OpenAPI operation object, read loosely
  operation: any;
}

/** Every API operation the app documents (its route table), the docs themselves left out. */
export async function apiRoutes(t: TestApp): Promise<RouteOperation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const routes: RouteOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      const m = method.toUpperCase() as RouteOperation['method'];
      routes.push({ key: `${m} ${path}`, method: m, path, operation });
    }
  }
  return routes;
}

// Routes that end the caller's session or remove shared demo objects run after every other one.
// The survey's deletion before the calls that end sessions and accounts: a deactivated caller
// is signed out (401) on every route after it.
const LAST = [
  'DELETE /api/surveys/{surveyId}',
  'DELETE /api/events/{eventId}',
  'POST /api/oauth/logout',
  'POST /api/passwords/update',
  'PUT /api/user-account/deactivate',
];

/** The routes in an order for calling them all on one database: reads, writes, deletes, then LAST. */
export function callOrder(routes: RouteOperation[]): RouteOperation[] {
  const weight = (r: RouteOperation) =>
    LAST.includes(r.key) ? 3 + LAST.indexOf(r.key) : r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1;
  return [...routes].sort((a, b) => weight(a) - weight(b));
}
