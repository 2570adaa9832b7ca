/**
 * The API lives on the same origin under /api (spec section 7: one fixed base). Paths are
 * accepted with or without the leading slash ('api/x' and '/api/x'). Absolute URLs are refused
 * so the Bearer token can never be sent to another host.
 */

export const API_BASE = '';

export type QueryValue = string | number | boolean | null | undefined | Date;
export type QueryParams = Record<string, QueryValue | QueryValue[] | Record<string, QueryValue>>;

export function resolveApiUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) {
    throw new Error(`The API client only calls the Parity API, not ${url}`);
  }
  return `${API_BASE}/${url.replace(/^\/+/, '')}`;
}

function queryValue(value: QueryValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** GET params as a query string: arrays as key[]=v, objects as key[sub]=v, null/undefined left out. */
export function toQueryString(params?: QueryParams): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        const text = queryValue(item);
        if (text !== undefined) search.append(`${key}[]`, text);
      }
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [sub, item] of Object.entries(value)) {
        const text = queryValue(item);
        if (text !== undefined) search.append(`${key}[${sub}]`, text);
      }
    } else {
      const text = queryValue(value);
      if (text !== undefined) search.append(key, text);
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

export function buildApiUrl(url: string, params?: QueryParams): string {
  const resolved = resolveApiUrl(url);
  const query = toQueryString(params);
  if (!query) return resolved;
  return resolved.includes('?') ? `${resolved}&${query.slice(1)}` : `${resolved}${query}`;
}
