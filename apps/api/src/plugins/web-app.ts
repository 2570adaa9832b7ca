import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { allowScriptSources } from './security-headers';

/** Hashed build output: a changed file gets a new name, so a browser may keep it for a year. */
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page and unhashed files (favicon): kept, but revalidated (ETag, 304) on every use. */
const REVALIDATE = 'no-cache';

/** A path that names a file (an extension in its last segment) rather than a client route. */
const isFilePath = (pathname: string) => pathname.startsWith(ASSETS_PREFIX) || /\.[^/]+$/.test(pathname);

/** The scripts written into a page (no src attribute), as they stand between their tags. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources ('sha256-…') that allow the page's inline scripts (the route preloader,
 * apps/web/vite-route-preload.ts) and no other inline script; read again after a rebuild.
 */
function inlineScriptSources(page: string) {
  let read: { mtimeMs: number; size: number; sources: string } | undefined;
  return () => {
    const stat = fs.statSync(page, { throwIfNoEntry: false });
    if (!stat) return '';
    if (read?.mtimeMs !== stat.mtimeMs || read.size !== stat.size) {
      const html = fs.readFileSync(page, 'utf8');
      const sources = [...html.matchAll(INLINE_SCRIPT)].map(
        ([, script]) =>
          `'sha256-${crypto
            .createHash('sha256')
            .update(script ?? '')
            .digest('base64')}'`,
      );
      read = { mtimeMs: stat.mtimeMs, size: stat.size, sources: sources.join(' ') };
    }
    return read.sources;
  };
}

/**
 * Serves the built SPA in `webDist` for every GET/HEAD path outside /api, so client-side routes
 * (and /404) work on reload, with a CSP that lets the page's own inline scripts run; a file-like
 * path that is not in the build answers 404. Files are read from disk per request (a rebuild is served without a restart), with their
 * brotli or gzip sibling when the client accepts it. Every other unknown path answers the API's
 * JSON 404.
 */
async function webAppPlugin(app: FastifyInstance, options: { webDist: string }) {
  const webDist = path.resolve(options.webDist);
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // Only the reply.sendFile decorator: the not-found handler below picks what to send.
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      preCompressed: true,
      cacheControl: false,
    });
  }

  const send = (reply: FastifyReply, file: string, cacheControl: string) =>
    reply.header('cache-control', cacheControl).sendFile(file, webDist);
  const pageScripts = inlineScriptSources(path.join(webDist, 'index.html'));
  const sendPage = (reply: FastifyReply) => {
    allowScriptSources(reply, pageScripts());
    return send(reply, 'index.html', REVALIDATE);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const notFound = () =>
      reply.code(404).send({ message: `Route ${request.method} ${pathname} not found.`, error: 'not_found' });
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!hasWeb || !isRead || pathname === '/api' || pathname.startsWith('/api/')) return notFound();
    if (!isFilePath(pathname) || pathname === '/index.html') return sendPage(reply);
    let file: string;
    try {
      file = path.join(webDist, decodeURIComponent(pathname));
    } catch {
      return notFound();
    }
    const inside = file.startsWith(webDist + path.sep);
    if (!inside || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return notFound();
    return send(
      reply,
      path.relative(webDist, file),
      pathname.startsWith(ASSETS_PREFIX) ? IMMUTABLE : REVALIDATE,
    );
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
