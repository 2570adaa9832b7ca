import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cell, csvLine, csvStream, xlsxStream } from './table-stream';

/** Two batches, then the source fails (a database gone away in the middle of a report). */
async function* failing(): AsyncGenerator<Cell[][]> {
  yield Array.from({ length: 300 }, (_, i) => [i, `row ${i}`, 'x'.repeat(200)]);
  yield Array.from({ length: 300 }, (_, i) => [i + 300, `row ${i + 300}`, 'y'.repeat(200)]);
  throw new Error('connection lost');
}

async function* batches(): AsyncGenerator<Cell[][]> {
  yield [[1, '=1+1']];
  yield [[2, 'plain, with a comma']];
}

let server: FastifyInstance;
let base: string;

beforeAll(async () => {
  server = Fastify({ logger: false });
  server.get('/csv', (_req, reply) =>
    reply.type('text/csv').send(csvStream(['ID', 'Name', 'Filler'], failing())),
  );
  server.get('/xlsx', (_req, reply) => reply.send(xlsxStream('Rows', ['ID', 'Name', 'Filler'], failing())));
  server.get('/good', (_req, reply) => reply.type('text/csv').send(csvStream(['ID', 'Name'], batches())));
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
});

/** A real HTTP GET: how many bytes came, and whether the answer ended cleanly or was cut off. */
function get(path: string): Promise<{ status: number; bytes: number; text: string; complete: boolean }> {
  return new Promise((resolve) => {
    http.get(`${base}${path}`, (res) => {
      const chunks: Buffer[] = [];
      let settled = false;
      const done = (complete: boolean) => {
        if (settled) return;
        settled = true;
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, text: body.toString(), complete });
      };
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(res.complete));
      res.on('aborted', () => done(false));
      res.on('error', () => done(false));
      res.on('close', () => done(res.complete));
    });
  });
}

describe('table streams', () => {
  it('write CSV with formulas neutralised and fields quoted', async () => {
    const res = await get('/good');
    expect(res).toMatchObject({ status: 200, complete: true });
    expect(res.text).toBe('ID,Name\r\n1,\'=1+1\r\n2,"plain, with a comma"\r\n');
    expect(csvLine([null, -2, '-2', '@x'])).toBe(",-2,'-2,'@x\r\n");
  });

  it('abort the HTTP answer when the source fails after the first byte (CSV)', async () => {
    const res = await get('/csv');
    expect(res.status).toBe(200);
    expect(res.bytes).toBeGreaterThan(0);
    expect(res.complete).toBe(false);
  });

  it('abort the HTTP answer when the source fails after the first byte (.xlsx)', async () => {
    const res = await get('/xlsx');
    expect(res.status).toBe(200);
    expect(res.complete).toBe(false);
  });
});
