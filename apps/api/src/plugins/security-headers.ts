import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet sets for these options, computed once: the headers do not depend
 * on the request, and building helmet's middleware per request (as @fastify/helmet does) parsed
 * the CSP directives again on every call.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Widens this answer's CSP `script-src` by `sources` (e.g. a script's 'sha256-…'), for an answer
 * whose page runs an inline script; every other answer keeps 'self' alone.
 */
export function allowScriptSources(reply: FastifyReply, sources: string): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && sources)
    reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${sources}`));
}

/** Sets helmet's headers on every answer (the CSP among them: no inline scripts). */
export default fp(async function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
