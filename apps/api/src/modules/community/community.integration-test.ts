import { COMMUNITY_MESSAGES } from '@parity/domain/community';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, CEDAR } from '../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';

const ADA = 'ada@acme.test'; // Acme admin, listed
const MAX = 'max@acme.test'; // Acme member, not listed
const EVE = 'eve@cedar.test'; // Cedar admin, listed
const HOST = 'host@northwind.test'; // listed
const PENDING = 'pending@acme.test'; // awaiting approval
const ADMIN = 'admin@parity.test'; // platform administrator

let t: SeededTestApp;

beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userId = (email: string) => t.demo.users.get(email)!;
const org = (name: string) => t.demo.organizations.get(name)!;

async function count(query: ReturnType<typeof sql>) {
  const result = await t.app.db.execute(query);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

const peopleIds = async (email: string, query = '') =>
  (await t.call('GET', email, `/api/community/people${query}`)).json().data.map((p: { id: number }) => p.id);

describe('who may call', () => {
  const reads = [
    '/api/community/me',
    '/api/community/people',
    '/api/community/organizations',
    '/api/community/following',
    '/api/community/announcements',
  ];

  it.each(reads)(
    'GET %s: 401 anonymous, 403 awaiting approval, 200 for members and platform admins',
    async (url) => {
      expect((await t.call('GET', null, url)).statusCode).toBe(401);
      const pending = await t.call('GET', PENDING, url);
      expect(pending.statusCode).toBe(403);
      expect(pending.json().message).toBe('Your account is awaiting approval.');
      for (const email of [MAX, EVE, ADMIN]) expect((await t.call('GET', email, url)).statusCode).toBe(200);
    },
  );

  it('refuses the writes to the anonymous (401) and to accounts awaiting approval (403)', async () => {
    const writes: [method: 'PUT' | 'POST', url: string, body: unknown][] = [
      ['PUT', '/api/community/me', { listed: true, interests: [] }],
      ['PUT', `/api/community/people/${userId(ADA)}/follow`, undefined],
      ['PUT', `/api/community/organizations/${org(ACME)}/follow`, undefined],
      ['PUT', `/api/community/organizations/${org(ACME)}/tags`, { tags: [] }],
      ['POST', '/api/community/announcements', { title: 'Hi', body: 'Hello' }],
    ];
    for (const [method, url, body] of writes) {
      expect((await t.call(method, null, url, body)).statusCode, url).toBe(401);
      expect((await t.call(method, PENDING, url, body)).statusCode, url).toBe(403);
    }
    expect(
      await count(sql`SELECT count(*)::int AS n FROM community_people WHERE user_id = ${userId(PENDING)}`),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM community_follows WHERE follower_id = ${userId(PENDING)}`,
      ),
    ).toBe(0);
  });
});

describe('the directory: only those who chose to be listed', () => {
  it('lists the opted-in people with their organization and interests, never one who did not opt in', async () => {
    const res = await t.call('GET', MAX, '/api/community/people');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([userId(ADA), userId(EVE), userId(HOST)]));
    expect(ids).not.toContain(userId(MAX));
    expect(ids).not.toContain(userId(PENDING));
    expect(body.total).toBe(ids.length);
    const ada = body.data.find((p: { id: number }) => p.id === userId(ADA));
    expect(ada).toMatchObject({
      display_name: 'Ada Lovelace',
      organization: { id: org(ACME), name: ACME },
      interests: [1, 4, 16],
    });
  });

  it('filters people by any of the interests and by name, paged as {data, total}', async () => {
    expect(await peopleIds(MAX, '?interests=13')).toEqual([userId(EVE)]);
    expect((await peopleIds(MAX, '?interests=13,12')).sort()).toEqual([userId(EVE), userId(HOST)].sort());
    expect(await peopleIds(MAX, '?interests=13&interests=12')).toHaveLength(2);
    expect(await peopleIds(MAX, '?q=lovel')).toEqual([userId(ADA)]);
    const page = (await t.call('GET', MAX, '/api/community/people?limit=1&page=2')).json();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const bad = await t.call('GET', MAX, '/api/community/people?interests=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/interests/);
  });

  it('a listed person whose membership is no longer approved disappears, from counts too', async () => {
    const before = (await t.call('GET', ADA, '/api/community/people')).json().total;
    await t.app.db.execute(
      sql`UPDATE memberships SET status = 'declined' WHERE user_id = ${userId('mfa@acme.test')}`,
    );
    try {
      const after = (await t.call('GET', ADA, '/api/community/people')).json();
      expect(after.total).toBe(before - 1);
      expect(after.data.map((p: { id: number }) => p.id)).not.toContain(userId('mfa@acme.test'));
    } finally {
      await t.app.db.execute(
        sql`UPDATE memberships SET status = 'approved' WHERE user_id = ${userId('mfa@acme.test')}`,
      );
    }
  });

  it('lists the public organizations with their tags, filtered by any tag; private ones never', async () => {
    const privateOrg = await count(
      sql`SELECT id AS n FROM organizations WHERE NOT is_public ORDER BY id LIMIT 1`,
    );
    const all = (await t.call('GET', MAX, '/api/community/organizations?limit=100')).json();
    const ids = all.data.map((o: { id: number }) => o.id);
    expect(ids).not.toContain(privateOrg);
    expect(all.total).toBe(
      await count(sql`SELECT count(*)::int AS n FROM organizations WHERE is_public AND deleted_at IS NULL`),
    );
    const acme = all.data.find((o: { id: number }) => o.id === org(ACME));
    expect(acme).toMatchObject({ name: ACME, tags: [1, 12] });
    const womenOwned = (await t.call('GET', MAX, '/api/community/organizations?tags=2')).json();
    expect(womenOwned.data.map((o: { name: string }) => o.name)).toEqual([CEDAR]);
    expect(womenOwned.total).toBe(1);
  });
});

describe('opting in', () => {
  it('max opts in with his interests, is found by one of them, and opts out again', async () => {
    const me = await t.call('GET', MAX, '/api/community/me');
    expect(me.json()).toMatchObject({
      listed: false,
      organization: { id: org(ACME), listed: true, can_edit: false },
    });

    const on = await t.call('PUT', MAX, '/api/community/me', { listed: true, interests: [3, 3, 9] });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ listed: true, interests: [3, 9] });
    expect(await peopleIds(ADA, '?interests=3')).toContain(userId(MAX));
    // The profile's interests are the same field.
    expect((await t.call('GET', MAX, '/api/user-account')).json().interests).toEqual([3, 9]);

    const off = await t.call('PUT', MAX, '/api/community/me', { listed: false, interests: [3, 9] });
    expect(off.json().listed).toBe(false);
    expect(await peopleIds(ADA, '?interests=3')).not.toContain(userId(MAX));
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'community' AND actor_user_id = ${userId(MAX)}`,
      ),
    ).toBe(2);
  });

  it('refuses bad input and writes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ listed: true, interests: [999] }, /interests/],
      [{ listed: 'yes', interests: [] }, /listed/],
      [{ listed: true }, /interests/],
      [{ listed: true, interests: Array.from({ length: 21 }, (_, i) => i + 1) }, /at most 20/],
      [{ listed: true, interests: [], extra: 1 }, /extra|Unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('PUT', MAX, '/api/community/me', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(message);
    }
    expect(
      await count(sql`SELECT count(*)::int AS n FROM community_people WHERE user_id = ${userId(MAX)}`),
    ).toBe(0);
  });
});

describe("an organization's tags", () => {
  it('its admins set them; its members 403; another organization 404; bad tags 400 and nothing written', async () => {
    const url = `/api/community/organizations/${org(ACME)}/tags`;
    const res = await t.call('PUT', ADA, url, { tags: [1, 7] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organization).toMatchObject({ tags: [1, 7], can_edit: true });

    expect((await t.call('PUT', MAX, url, { tags: [2] })).statusCode).toBe(403);
    expect((await t.call('PUT', EVE, url, { tags: [2] })).statusCode).toBe(404);
    expect((await t.call('PUT', ADMIN, url, { tags: [2] })).statusCode).toBe(404);
    const bad = await t.call('PUT', ADA, url, { tags: [1, 999] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual([{ field: 'body.tags', message: COMMUNITY_MESSAGES.unknownInterest }]);
    expect((await t.call('GET', ADA, '/api/community/me')).json().organization.tags).toEqual([1, 7]);
    await t.call('PUT', ADA, url, { tags: [1, 12] });
  });
});

describe('follows', () => {
  it('follows a listed person once, tells them once, and shows them under Following with the count', async () => {
    const url = `/api/community/people/${userId(HOST)}/follow`;
    const before = (await t.call('GET', MAX, '/api/community/people?q=Nora')).json().data[0];
    const first = await t.call('PUT', MAX, url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: userId(HOST), followed: true, followers: before.followers + 1 });
    expect((await t.call('PUT', MAX, url)).json().followers).toBe(before.followers + 1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId(HOST)} AND kind = 'community_follow'`,
      ),
    ).toBe(1);

    const following = (await t.call('GET', MAX, '/api/community/following')).json();
    expect(following.total).toBe(1);
    expect(following.data[0]).toMatchObject({ kind: 'person', person: { id: userId(HOST), followed: true } });

    expect((await t.call('DELETE', MAX, url)).statusCode).toBe(204);
    expect((await t.call('GET', MAX, '/api/community/following')).json()).toEqual({ data: [], total: 0 });
  });

  it('a person who is not listed is 404 to follow, and so is oneself 400', async () => {
    const res = await t.call('PUT', ADA, `/api/community/people/${userId(MAX)}/follow`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(COMMUNITY_MESSAGES.personNotFound);
    expect((await t.call('PUT', ADA, '/api/community/people/999999/follow')).statusCode).toBe(404);
    expect((await t.call('DELETE', ADA, `/api/community/people/${userId(MAX)}/follow`)).statusCode).toBe(404);
    const self = await t.call('PUT', ADA, `/api/community/people/${userId(ADA)}/follow`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(COMMUNITY_MESSAGES.followSelf);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM community_follows WHERE user_id = ${userId(MAX)}`),
    ).toBe(0);
  });

  it('follows a public organization; a private one is 404; a follow of someone who unlists is hidden', async () => {
    const cedar = await t.call('PUT', MAX, `/api/community/organizations/${org(CEDAR)}/follow`);
    expect(cedar.statusCode).toBe(200);
    expect(cedar.json()).toMatchObject({ id: org(CEDAR), followed: true });
    const privateOrg = await count(
      sql`SELECT id AS n FROM organizations WHERE NOT is_public ORDER BY id LIMIT 1`,
    );
    expect((await t.call('PUT', MAX, `/api/community/organizations/${privateOrg}/follow`)).statusCode).toBe(
      404,
    );

    // Eve follows ada; ada unlists: she leaves eve's Following, and comes back when listed again.
    const seen = async () =>
      (await t.call('GET', EVE, '/api/community/following'))
        .json()
        .data.map((f: { kind: string; person?: { id: number } }) => f.person?.id);
    expect(await seen()).toContain(userId(ADA));
    await t.call('PUT', ADA, '/api/community/me', { listed: false, interests: [1, 4, 16] });
    expect(await seen()).not.toContain(userId(ADA));
    // Nor can a hidden person be followed.
    expect((await t.call('PUT', EVE, `/api/community/people/${userId(ADA)}/follow`)).statusCode).toBe(404);
    await t.call('PUT', ADA, '/api/community/me', { listed: true, interests: [1, 4, 16] });
    expect(await seen()).toContain(userId(ADA));
    expect(
      (await t.call('DELETE', MAX, `/api/community/organizations/${org(CEDAR)}/follow`)).statusCode,
    ).toBe(204);
  });
});

describe('announcements', () => {
  it('members read the unexpired ones newest first; platform admins also the expired ones, marked', async () => {
    const member = (await t.call('GET', MAX, '/api/community/announcements')).json();
    expect(member.data.map((a: { title: string }) => a.title)).toEqual([
      'The 2026 DEI Survey closes soon',
      'Welcome to the Parity community',
    ]);
    expect(member.total).toBe(2);
    expect((await t.call('GET', MAX, '/api/community/announcements?include_expired=true')).statusCode).toBe(
      403,
    );
    const admin = (await t.call('GET', ADMIN, '/api/community/announcements?include_expired=true')).json();
    expect(admin.total).toBe(3);
    expect(admin.data.find((a: { expired: boolean }) => a.expired).title).toBe(
      'Scheduled maintenance finished',
    );
  });

  it('platform admins publish, edit and delete; others 403; bad input 400 with nothing written', async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const body = { title: 'Office hours', body: 'Every **Friday**.', expires_at: soon };
    for (const email of [ADA, MAX, EVE]) {
      expect((await t.call('POST', email, '/api/community/announcements', body)).statusCode).toBe(403);
    }
    const bad: [unknown, string][] = [
      [{ ...body, expires_at: new Date(Date.now() - 60_000).toISOString() }, COMMUNITY_MESSAGES.expiryPast],
      [{ ...body, expires_at: 'soon' }, COMMUNITY_MESSAGES.expiryInvalid],
      [{ ...body, title: 'x'.repeat(201) }, COMMUNITY_MESSAGES.titleTooLong],
      [{ ...body, title: '  ' }, COMMUNITY_MESSAGES.titleRequired],
      [{ ...body, body: '' }, COMMUNITY_MESSAGES.bodyRequired],
    ];
    for (const [payload, message] of bad) {
      const res = await t.call('POST', ADMIN, '/api/community/announcements', payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM community_announcements`)).toBe(3);

    const created = await t.call('POST', ADMIN, '/api/community/announcements', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ title: 'Office hours', expires_at: soon, expired: false });
    expect((await t.call('GET', MAX, '/api/community/announcements')).json().data[0].title).toBe(
      'Office hours',
    );

    expect(
      (await t.call('PATCH', ADA, `/api/community/announcements/${id}`, { title: 'Mine' })).statusCode,
    ).toBe(403);
    const past = await t.call('PATCH', ADMIN, `/api/community/announcements/${id}`, {
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const edited = await t.call('PATCH', ADMIN, `/api/community/announcements/${id}`, {
      title: 'Office hours (new time)',
      expires_at: null,
    });
    expect(edited.json()).toMatchObject({
      title: 'Office hours (new time)',
      expires_at: null,
      body: body.body,
    });
    expect(
      (await t.call('PATCH', ADMIN, '/api/community/announcements/999999', { title: 'x' })).statusCode,
    ).toBe(404);

    expect((await t.call('DELETE', MAX, `/api/community/announcements/${id}`)).statusCode).toBe(403);
    expect((await t.call('DELETE', ADMIN, `/api/community/announcements/${id}`)).statusCode).toBe(204);
    expect((await t.call('DELETE', ADMIN, `/api/community/announcements/${id}`)).statusCode).toBe(404);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'community' AND entity_id = ${`announcement:${id}`}`,
      ),
    ).toBe(3);
  });

  it('an announcement past its expiry leaves the members’ list', async () => {
    const created = (
      await t.call('POST', ADMIN, '/api/community/announcements', {
        title: 'Short-lived',
        body: 'Soon gone.',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
    ).json();
    expect((await t.call('GET', MAX, '/api/community/announcements')).json().data[0].id).toBe(created.id);
    await t.app.db.execute(
      sql`UPDATE community_announcements SET expires_at = now() - interval '1 second' WHERE id = ${created.id}`,
    );
    const titles = (await t.call('GET', MAX, '/api/community/announcements'))
      .json()
      .data.map((a: { id: number }) => a.id);
    expect(titles).not.toContain(created.id);
  });
});
