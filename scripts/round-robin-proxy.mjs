#!/usr/bin/env node
// A small round-robin HTTP proxy in front of several API processes (docs/operations.md, "Several
// API processes"): each request goes to the next upstream in turn, answers are streamed as they
// come (server-sent events pass unbuffered), X-Forwarded-For is set to the address the client
// connected from. The replica journey (e2e/replicas.e2e.ts) and `npm run proof:replicas` start it;
// run alone it fronts processes already running:
//
//   node scripts/round-robin-proxy.mjs --port 8080 http://127.0.0.1:3001 http://127.0.0.1:3002
//
// (--host 0.0.0.0 to listen on every interface; 127.0.0.1 by default).
//
// A request with `x-upstream: <n>` goes to upstream n (0-based) instead of the next one, so a
// test can say which process answers; every answer says which one did in its `x-upstream` header.
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** Connection-level headers a proxy must not pass on (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function withoutHopByHop(headers) {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  );
}

/**
 * Starts the proxy on host:port (port 0: a free one) in front of `upstreams` (base URLs such as
 * http://127.0.0.1:3001). Answers { url, port, upstreams, counts, close() }: `counts[n]` is how many
 * requests upstream n was sent; `onForward(request, n)` is told of each.
 *
 * X-Forwarded-For is replaced, never appended to: the API trusts its left-most address
 * (TRUST_PROXY=1), so a client's own header must not reach it.
 *
 * @param {{
 *   upstreams: string[],
 *   port?: number,
 *   host?: string,
 *   onForward?: (request: http.IncomingMessage, upstream: number) => void,
 * }} options
 */
export async function startRoundRobinProxy({ upstreams, port = 0, host = '127.0.0.1', onForward }) {
  if (!upstreams?.length) throw new Error('at least one upstream is needed');
  const targets = upstreams.map((u) => new URL(u));
  const counts = targets.map(() => 0);
  // Keep-alive to the upstreams; an idle socket is dropped before the API's 72 s keep-alive ends.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 60_000 });
  let next = 0;

  const server = http.createServer((req, res) => {
    const pinned = req.headers['x-upstream'];
    const index =
      pinned !== undefined && /^\d+$/.test(String(pinned)) && Number(pinned) < targets.length
        ? Number(pinned)
        : next++ % targets.length;
    const target = targets[index];
    counts[index]++;
    onForward?.(req, index);

    const headers = withoutHopByHop(req.headers);
    delete headers['x-upstream'];
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host ?? '';

    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
          ...withoutHopByHop(answer.headers),
          'x-upstream': String(index),
        });
        // An event stream's head goes at once; then every chunk as it arrives (pipe does not buffer).
        if (String(answer.headers['content-type']).startsWith('text/event-stream')) res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'application/json', 'x-upstream': String(index) });
      res.end(JSON.stringify({ error: 'bad_gateway', message: `Upstream ${index}: ${error.message}` }));
    });
    // The client left (a closed page's event stream): the upstream request ends with it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  // Answers can stay open as long as an event stream does (15 minutes).
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = server.address().port;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    upstreams: targets.map((t) => t.origin),
    counts,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    if (at < 0) return fallback;
    return args.splice(at, 2)[1] ?? fallback;
  };
  const port = Number(option('port', '8080'));
  const host = option('host', '127.0.0.1');
  if (args.length === 0) {
    console.error(
      'usage: node scripts/round-robin-proxy.mjs [--port 8080] [--host 127.0.0.1] http://host:port ...',
    );
    process.exit(2);
  }
  const proxy = await startRoundRobinProxy({ upstreams: args, port, host });
  console.info(`Round-robin proxy at ${proxy.url} -> ${proxy.upstreams.join(', ')}`);
  const stop = () => proxy.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
