import crypto from 'node:crypto';
import http from 'node:http';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, startTestSmtp, type TestSmtp } from '../apps/api/src/test/smtp';
import { DEMO_PASSWORD, hasBrowser, launchBrowser, signedInPage } from './support/browser';
import { missingServices, readEventStream, startReplicas } from './support/replicas.mjs';

/**
 * Issue 21 point 4: two API processes on one PostgreSQL behind the round-robin proxy behave as
 * one. Each step pins its requests to a process (the proxy's `x-upstream` request header) and
 * crosses over: a session, its logout, the sign-in throttle (Redis), an LPI step's hold and a
 * stale save, an uploaded file (S3), the jobs (two runners, each job once), the live notifications
 * of an event stream held by the other process, and in Chromium a page served through the proxy.
 */
const missing = await missingServices();
if (missing) {
  const hint = `The replica journey needs ${missing} (REPLICAS_POSTGRES_URL, REPLICAS_REDIS_URL).`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(hint);
  console.warn(`${hint} It is skipped.`);
}

const A = 0;
const B = 1;

interface Answer {
  status: number;
  /** the process that answered (the proxy's x-upstream) */
  upstream: number;
  body: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the steps
  json: any;
}

/** A loopback address of this run's own: the proxy forwards it as the client's address. */
function randomLoopback() {
  const [a, b, c] = crypto.randomBytes(3);
  return `127.${1 + (a! % 250)}.${b}.${1 + (c! % 250)}`;
}

describe.runIf(hasBrowser && !missing)('two API processes behind a round-robin proxy', () => {
  let topology: Awaited<ReturnType<typeof startReplicas>>;
  let smtp: TestSmtp;
  let browser: Browser;
  /** the process each notification stream request was sent to, in order */
  const streams: number[] = [];
  const me = randomLoopback();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    topology = await startReplicas({
      label: 'e2e_replicas',
      smtpUrl: smtp.url,
      onForward: (request, upstream) => {
        if (request.url?.startsWith('/api/notifications/stream')) streams.push(upstream);
      },
    });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await topology?.stop();
    await smtp?.close();
  });

  /** One request through the proxy, to process `upstream` (or the next in turn when undefined). */
  function send(
    method: string,
    path: string,
    options: {
      upstream?: number;
      token?: string;
      json?: unknown;
      raw?: { body: Buffer; type: string };
      from?: string;
    } = {},
  ): Promise<Answer> {
    const body = options.raw?.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
    const headers: Record<string, string> = {};
    if (options.upstream !== undefined) headers['x-upstream'] = String(options.upstream);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (body !== undefined) {
      headers['content-type'] = options.raw?.type ?? 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${topology.url}${path}`,
        { method, headers, localAddress: options.from ?? me },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const buffer = Buffer.concat(chunks);
            const text = buffer.toString();
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {}
            resolve({
              status: res.statusCode ?? 0,
              upstream: Number(res.headers['x-upstream']),
              body: buffer,
              text,
              json,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function signIn(email: string, upstream: number, password = DEMO_PASSWORD, from = me) {
    return send('POST', '/api/oauth/token/', {
      upstream,
      from,
      json: { grant_type: 'password', client_id: 'parity-web', username: email, password },
    });
  }

  async function tokenOf(email: string, upstream: number): Promise<string> {
    const answer = await signIn(email, upstream);
    expect(answer.status, answer.text).toBe(200);
    return answer.json.access_token;
  }

  const idOf = async (email: string): Promise<number> =>
    (await topology.query('SELECT id FROM users WHERE email = $1', [email]))[0].id;

  /** An event stream through the proxy to process `upstream`, its events kept as they come. */
  function openStream(token: string, upstream: number) {
    const events: { event: string; data: unknown }[] = [];
    let request!: http.ClientRequest;
    const opened = new Promise<number>((resolve, reject) => {
      request = http.get(
        `${topology.url}/api/notifications/stream`,
        {
          headers: {
            accept: 'text/event-stream',
            authorization: `Bearer ${token}`,
            'x-upstream': String(upstream),
          },
          localAddress: me,
        },
        (res) => {
          resolve(Number(res.headers['x-upstream']));
          res.setEncoding('utf8');
          res.on(
            'data',
            readEventStream((event) => events.push(event)),
          );
        },
      );
      request.on('error', reject);
    });
    return { events, opened, close: () => request.destroy() };
  }

  it('answers from each process in turn; a sign-in on one is a session on the other, and its logout ends it on both at once', async () => {
    const turns = [];
    for (let i = 0; i < 4; i++) turns.push((await send('GET', '/api/health/live')).upstream);
    expect(new Set(turns)).toEqual(new Set([A, B]));
    expect(turns[0]).not.toBe(turns[1]);
    expect(turns[2]).toBe(turns[0]);

    const signedIn = await signIn('ada@acme.test', A);
    expect(signedIn.upstream).toBe(A);
    const { access_token: access, refresh_token: refresh } = signedIn.json;
    const account = await send('GET', '/api/user-account', { upstream: B, token: access });
    expect(account.upstream).toBe(B);
    expect(account.status, account.text).toBe(200);
    expect(account.json.email).toBe('ada@acme.test');

    // A refresh on B gives a pair that A honours; the used refresh token is spent on both.
    const refreshed = await send('POST', '/api/oauth/refresh', {
      upstream: B,
      json: { grant_type: 'refresh_token', refresh_token: refresh, client_id: 'parity-web' },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(
      (await send('GET', '/api/user-account', { upstream: A, token: refreshed.json.access_token })).status,
    ).toBe(200);

    const logout = await send('POST', '/api/oauth/logout', {
      upstream: A,
      json: { refresh_token: refreshed.json.refresh_token },
    });
    expect(logout.status).toBe(204);
    for (const upstream of [B, A]) {
      const after = await send('GET', '/api/user-account', { upstream, token: refreshed.json.access_token });
      expect(after.upstream).toBe(upstream);
      expect(after.status).toBe(401);
    }
  });

  it('counts wrong passwords spread over both processes as one: the 11th is refused by either (Redis)', async () => {
    // An address of this step's own, so that nothing else counts against it.
    const from = randomLoopback();
    for (let i = 0; i < 10; i++) {
      const wrong = await signIn('max@acme.test', i % 2 ? B : A, 'Not-His-Password-1', from);
      expect(wrong.status, wrong.text).toBe(401);
    }
    for (const upstream of [A, B]) {
      const locked = await signIn('max@acme.test', upstream, DEMO_PASSWORD, from);
      expect(locked.upstream).toBe(upstream);
      expect(locked.status).toBe(429);
    }
    // Only that address is locked out of the account.
    expect((await signIn('max@acme.test', A, DEMO_PASSWORD, randomLoopback())).status).toBe(200);
  });

  it('shows an LPI step held through one process on the other; a stale save is 409 on either', async () => {
    const [dei] = await topology.query("SELECT id FROM surveys WHERE title = '2026 DEI Survey'");
    const ada = await tokenOf('ada@acme.test', A);
    const max = await tokenOf('max@acme.test', B);
    const holderOf = async (upstream: number) => {
      const steps = await send('GET', `/api/surveys/${dei.id}/organizations/tabs`, { upstream, token: max });
      expect(steps.status, steps.text).toBe(200);
      return steps.json.data.find((s: { tab_id: number }) => s.tab_id === 3).occupied_by?.name ?? null;
    };
    const held = await send('POST', `/api/surveys/${dei.id}/occupy`, {
      upstream: A,
      token: ada,
      json: { tab_id: 3 },
    });
    expect(held.json).toMatchObject({ tab_id: 3, held_by_you: true });
    expect(await holderOf(B)).toBe('Ada');
    const released = await send('DELETE', `/api/surveys/${dei.id}/occupy/3`, { upstream: B, token: ada });
    expect(released.json).toMatchObject({ occupied_by: null });
    expect(await holderOf(A)).toBeNull();

    const read = await send('GET', '/api/organization/me/staff', { upstream: A, token: ada });
    expect(read.status, read.text).toBe(200);
    const base = read.json.state.updated_at;
    const figures = (shift: number) =>
      read.json.data.rows.map((row: { ethnicity_id: number; genders: { id: number }[] }, r: number) => ({
        ethnicity_id: row.ethnicity_id,
        genders: row.genders.map((cell, c) => ({ id: cell.id, value: (r + c + shift) % 5 })),
      }));
    const saved = await send('PUT', '/api/staff/save', {
      upstream: B,
      token: ada,
      json: { updated_at: base, data: figures(1) },
    });
    expect(saved.status, saved.text).toBe(200);
    for (const upstream of [A, B]) {
      const stale = await send('PUT', '/api/staff/save', {
        upstream,
        token: ada,
        json: { updated_at: base, data: figures(2) },
      });
      expect(stale.upstream).toBe(upstream);
      expect(stale.status).toBe(409);
      expect(stale.json.error).toBe('stale_save');
      expect(stale.json.detail.updated_at).toBe(saved.json.state.updated_at);
    }
  });

  it('downloads through one process a file uploaded through the other (S3)', async () => {
    const ada = await tokenOf('ada@acme.test', B);
    const max = await tokenOf('max@acme.test', A);
    const bytes = Buffer.from(`Replica check ${crypto.randomUUID()}\n`);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/plain' }), 'replica-check.txt');
    const encoded = new Response(form);
    const uploaded = await send('POST', '/api/organizations/me/files', {
      upstream: B,
      token: ada,
      raw: { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! },
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const downloaded = await send('GET', uploaded.json.download_url, { upstream: A, token: max });
    expect(downloaded.status).toBe(200);
    expect(downloaded.body.equals(bytes)).toBe(true);
  });

  it('brings a notification written through one process to an event stream held by the other, and mails it once', async () => {
    const eve = await tokenOf('eve@cedar.test', A);
    const max = await tokenOf('max@acme.test', B);
    const preference = await send('PUT', '/api/notifications/preferences', {
      upstream: A,
      token: eve,
      json: { preferences: [{ kind: 'community_follow', delivery: 'mail' }] },
    });
    expect(preference.status, preference.text).toBe(200);

    const stream = openStream(eve, B);
    expect(await stream.opened).toBe(B);
    try {
      await expect
        .poll(() => stream.events.some((e) => e.event === 'unread'), { timeout: 10_000 })
        .toBe(true);
      const followed = await send('PUT', `/api/community/people/${await idOf('eve@cedar.test')}/follow`, {
        upstream: A,
        token: max,
      });
      expect(followed.status, followed.text).toBe(200);
      const title = 'Max Planck follows you in the community';
      await expect
        .poll(
          () =>
            stream.events.some(
              (e) =>
                e.event === 'notification' &&
                (e.data as { notification: { title: string } }).notification.title === title,
            ),
          { timeout: 10_000 },
        )
        .toBe(true);

      // Both processes hear of it and enqueue its mail: one job (by its key), run once, one mail.
      await smtp.waitFor((m) => recipient(m) === 'eve@cedar.test' && m.subject === title, 20_000);
      const [notification] = await topology.query(
        "SELECT id FROM notifications WHERE user_id = $1 AND kind = 'community_follow'",
        [await idOf('eve@cedar.test')],
      );
      await expect
        .poll(
          async () =>
            (
              await topology.query('SELECT attempts, done_at FROM jobs WHERE key = $1', [
                `notifications.mail:${notification.id}`,
              ])
            ).map((j: { attempts: number; done_at: Date | null }) => [j.attempts, j.done_at !== null]),
          { timeout: 10_000 },
        )
        .toEqual([[1, true]]);
      expect(
        smtp.messages.filter((m) => recipient(m) === 'eve@cedar.test' && m.subject === title),
      ).toHaveLength(1);
      expect(
        await topology.query('SELECT id FROM mail_outbox WHERE "to" = $1 AND subject = $2', [
          'eve@cedar.test',
          title,
        ]),
      ).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('runs a calendar reminder that falls due once, with a job runner in each process', async () => {
    const ada = await tokenOf('ada@acme.test', B);
    const title = `Replica check-in ${crypto.randomUUID().slice(0, 8)}`;
    // Starting in two minutes and three seconds: its two-minute reminder falls due in three seconds.
    const start = new Date(Date.now() + 123_000);
    const created = await send('POST', '/api/events', {
      upstream: B,
      token: ada,
      json: {
        title,
        start: start.toISOString(),
        end: new Date(start.getTime() + 1_800_000).toISOString(),
        timeZone: 'UTC',
        visibility: 'private',
      },
    });
    expect(created.status, created.text).toBe(201);
    const attending = await send('PUT', `/api/events/${created.json.id}/attendees/me`, {
      upstream: A,
      token: ada,
      json: { status: 'attending', reminderMinutes: 2 },
    });
    expect(attending.status, attending.text).toBe(200);

    const subject = `Reminder: ${title} starts in 2 minutes`;
    await smtp.waitFor((m) => m.subject === subject, 30_000);
    await expect
      .poll(
        async () =>
          (
            await topology.query('SELECT attempts, done_at FROM jobs WHERE kind = $1 AND key LIKE $2', [
              'calendar.reminder',
              `calendar.reminder:${created.json.id}:%`,
            ])
          ).map((j: { attempts: number; done_at: Date | null }) => [j.attempts, j.done_at !== null]),
        { timeout: 10_000 },
      )
      .toEqual([[1, true]]);
    expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
    expect(await topology.query('SELECT id FROM mail_outbox WHERE subject = $1', [subject])).toHaveLength(1);
  });

  const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
  async function unreadOn(bell: Locator): Promise<number> {
    const name = (await bell.getAttribute('aria-label')) ?? '';
    return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
  }

  it('in Chromium, a page served through the proxy counts, live, a notification caused through the other process', async () => {
    const opened = streams.length;
    const page = await signedInPage(browser, topology.url, 'ada@acme.test');
    // The demo gives ada unread notifications: the bell counts them once its stream is open.
    await expect.poll(() => unreadOn(bellOf(page)), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => streams.length, { timeout: 20_000 }).toBeGreaterThan(opened);
    const before = await unreadOn(bellOf(page));
    const other = streams.at(-1) === A ? B : A;

    const host = await tokenOf('host@northwind.test', other);
    const followed = await send('PUT', `/api/community/people/${await idOf('ada@acme.test')}/follow`, {
      upstream: other,
      token: host,
    });
    expect(followed.status, followed.text).toBe(200);
    await expect.poll(() => unreadOn(bellOf(page)), { timeout: 20_000 }).toBe(before + 1);
    await bellOf(page).click();
    await expect
      .poll(() => page.getByText('Nora Whitfield follows you in the community').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
  }, 90_000);
});
