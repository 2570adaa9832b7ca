import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppError, badRequest } from './errors';

/**
 * How deep arrays and objects may sit inside each other in a JSON body. No route's body schema
 * nests more than 6 levels; a deeper body is refused before it is parsed, so that no step after it
 * (the parse, the text check below, validation) ever spends time on thousands of levels.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
export const LONE_SURROGATE_MESSAGE =
  'must not contain a lone UTF-16 surrogate (a character escaped as \\uD800 to \\uDFFF without its pair: not valid Unicode)';

// `String.prototype.isWellFormed` (Node 20+; the project's TypeScript lib is ES2023).
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** What one pass over a JSON text tells before it is parsed. */
export interface JsonScan {
  /** arrays and objects nest deeper than the limit (the pass stopped there) */
  tooDeep: boolean;
  /**
   * a string may hold text PostgreSQL refuses: an escape of NUL (\u0000) or of a surrogate
   * (\uD800 to \uDFFF, paired or not), or unpaired surrogates in the text itself
   */
  mayBeUnstorable: boolean;
}

/**
 * One pass over the characters of a JSON text: brackets are counted outside strings, escapes
 * looked at inside them. It stops at the first level deeper than `limit`. Malformed text is left
 * to the parser.
 */
export function scanJson(text: string, limit: number): JsonScan {
  let mayBeUnstorable = !wellFormed(text);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x22) inString = false;
      else if (c === 0x5c) {
        // \u0000, or \uDxxx with x from 8 to F; any other escape is skipped whole.
        if (text.charCodeAt(i + 1) === 0x75 && !mayBeUnstorable) {
          const hex = text.slice(i + 2, i + 6).toLowerCase();
          mayBeUnstorable = hex === '0000' || (hex[0] === 'd' && '89abcdef'.includes(hex[1] ?? ''));
        }
        i++;
      }
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return { tooDeep: true, mayBeUnstorable };
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return { tooDeep: false, mayBeUnstorable };
}

/** Requests whose JSON body was seen to hold no text PostgreSQL refuses: their body is not walked. */
const storableJsonBodies = new WeakSet<FastifyRequest>();

/**
 * Fastify's own JSON parser (its body limit, its `__proto__` and `constructor` refusals, its
 * messages), after the scan of the raw text: a body nested too deep is never parsed.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    const scan = scanJson(text, MAX_JSON_DEPTH);
    if (scan.tooDeep) {
      done(refusal('body', TOO_DEEP_MESSAGE));
      return;
    }
    if (!scan.mayBeUnstorable) storableJsonBodies.add(request);
    parse(request, text, done);
  });
}

/** What PostgreSQL refuses in the text: NUL in text and jsonb, a lone surrogate in jsonb. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (!wellFormed(text)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/** An array or object the walk is in: its keys (an object's) and the index of the next child. */
interface Frame {
  container: unknown[] | Record<string, unknown>;
  keys: string[] | undefined;
  next: number;
}

/** A character PostgreSQL refuses written as its escape (\u0000, \ud800), the others as they are. */
const escaped = (text: string) =>
  Array.from(text, (c) =>
    c === '\u0000' || (c.length === 1 && c >= '\ud800' && c <= '\udfff')
      ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
      : c,
  ).join('');

/** The field's name for the message: its path (the offending characters of a key escaped). */
function fieldName(where: string, frames: Frame[]): string {
  const keys = frames.map((f) => (f.keys ? escaped(f.keys[f.next - 1]!) : String(f.next - 1)));
  return [where, ...keys].join('.');
}

/**
 * 400 naming the field when a string (or an object key) anywhere in `value` is one PostgreSQL
 * would refuse, which would otherwise answer 500 from the database. The walk keeps its own stack
 * of the arrays and objects it is in (no recursion, whatever the depth), and names the field from
 * it only for the string it reports. `where` names the whole value ('body', 'query', 'params', or
 * a multipart field).
 */
export function refuseUnstorable(where: string, value: unknown): void {
  const frames: Frame[] = [];
  let item = value;
  for (;;) {
    if (typeof item === 'string') {
      const message = unstorable(item);
      if (message) throw refusal(fieldName(where, frames), message);
    } else if (Array.isArray(item)) {
      frames.push({ container: item, keys: undefined, next: 0 });
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      // (A binary body, a Buffer, may hold any byte.)
      frames.push({ container: item as Record<string, unknown>, keys: Object.keys(item), next: 0 });
    }
    // The next child of the innermost array or object that has one left.
    let top = frames.at(-1);
    while (top && top.next === (top.keys ?? (top.container as unknown[])).length) {
      frames.pop();
      top = frames.at(-1);
    }
    if (!top) return;
    const index = top.next++;
    if (top.keys) {
      const key = top.keys[index]!;
      const message = unstorable(key);
      if (message) throw refusal(fieldName(where, frames), message);
      item = (top.container as Record<string, unknown>)[key];
    } else item = (top.container as unknown[])[index];
  }
}

function refusal(field: string, message: string): AppError {
  return badRequest(`${field}: ${message}`, [{ field, message }]);
}

/** Every route, before validation: path parameters, query and parsed body (JSON or form). */
export function refuseUnstorableInRequests(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    refuseUnstorable('params', request.params);
    refuseUnstorable('query', request.query);
    if (!storableJsonBodies.has(request)) refuseUnstorable('body', request.body);
  });
}
