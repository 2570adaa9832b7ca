import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import gracefulClosePlugin from './graceful-close';

interface Answer {
  status: number | undefined;
  connection: string | undefined;
  socketClosed: Promise<void>;
}

/**
 * Sends a POST on a keep-alive connection with only the first bytes of its body, so the request
 * is in flight; `finish()` sends the rest. Resolves the answer once it has come.
 */
function heldRequest(port: number, path: string, body: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let socketClosed!: Promise<void>;
  let finish = () => {};
  const answer = new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode, connection: response.headers.connection, socketClosed }),
        );
      },
    );
    request.on('socket', (socket) => {
      socketClosed = new Promise((closed) => socket.once('close', () => closed()));
    });
    request.on('error', reject);
    request.write(body.slice(0, 5));
    finish = () => request.end(body.slice(5));
  });
  return { answer, finish: () => finish(), agent };
}

describe('closing the server', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.database.close();
    t = undefined;
  });

  it('answers a request in flight with Connection: close and ends its keep-alive socket', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ grant_type: 'password', username: 'nobody@acme.test', password: 'x' });
    const held = heldRequest(port, '/api/oauth/token', body);
    // The request has reached the server (its headers are parsed) before close() starts.
    await new Promise<void>((resolve) => t!.app.server.once('request', () => resolve()));

    const closed = t.app.close();
    held.finish();
    const answer = await held.answer;
    expect(answer.status).toBe(400);
    expect(answer.connection).toBe('close');
    // Without the header the socket went back to keep-alive and held close() for 72 s.
    await answer.socketClosed;
    await closed;
    held.agent.destroy();
  });

  it('cuts a connection whose request is still running when the grace period ends', async () => {
    const app = Fastify({ logger: false });
    await app.register(gracefulClosePlugin, { graceMs: 200 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.post('/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const held = heldRequest(port, '/slow', '{"a":1}');
    held.finish();
    await running;

    await app.close();
    await expect(held.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    held.agent.destroy();
  });
});
