import { defaultExpiry } from '@parity/domain/exchange';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from './db/schema/people';
import { createSeededTestApp, type SeededTestApp, sessionToken } from './test/app';

// Issue 38, point 4: a private organization is named only to its members, platform admins and the
// organizations it has dealt with; to anyone else every route answers as if it did not exist.
// Oakridge is private; it shares its profile with Northwind (a grant) and answers Northwind's
// survey, and has nothing to do with Cedar.

const EVE = 'eve@cedar.test'; // Cedar's admin: a stranger to Oakridge
const HOST = 'host@northwind.test'; // Northwind: Oakridge shares with it and answers its survey
const ADMIN = 'admin@parity.test';
const OAKRIDGE = 'Oakridge Infrastructure Fund';
const MISSING = 2_147_483_000;

let t: SeededTestApp;
let oakridge: number;
let olive: number; // Oakridge's admin, made here
let oliveToken: string;

beforeAll(async () => {
  t = await createSeededTestApp();
  oakridge = t.demo.organizations.get(OAKRIDGE)!;
  const [row] = await t.app.db
    .insert(users)
    .values({ email: 'olive@oakridge.test', name: 'Olive', lastname: 'Quartermain', password_hash: 'x' })
    .returning({ id: users.id });
  olive = row!.id;
  await t.app.db
    .insert(memberships)
    .values({ user_id: olive, organization_id: oakridge, status: 'approved', manage_settings: true });
  oliveToken = await sessionToken(t, olive);
});
afterAll(async () => {
  await t?.close();
});

const asOlive = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${oliveToken}` }, payload });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.app.db.execute(query);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('exchange: requests and grants', () => {
  it('answers a request for a private organization one has not dealt with as for one that does not exist, telling its admins nothing', async () => {
    const requests = () => count(sql`SELECT count(*)::int AS n FROM exchange_requests`);
    const told = () => count(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${olive}`);
    const [requestsBefore, toldBefore] = [await requests(), await told()];
    const hidden = await t.call('POST', EVE, '/api/exchange/requests', { owner_organization_id: oakridge });
    const missing = await t.call('POST', EVE, '/api/exchange/requests', { owner_organization_id: MISSING });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect(hidden.body).not.toContain('Oakridge');
    expect(await requests()).toBe(requestsBefore);
    expect(await told()).toBe(toldBefore);
  });

  it('answers a grant to such an organization the same way', async () => {
    const body = (investor: number) => ({ investor_organization_id: investor, expires_on: defaultExpiry() });
    const hidden = await t.call('POST', EVE, '/api/exchange/grants', body(oakridge));
    const missing = await t.call('POST', EVE, '/api/exchange/grants', body(MISSING));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
  });

  it('lets an organization it has dealt with ask it (Northwind: Oakridge shares with it)', async () => {
    const res = await t.call('POST', HOST, '/api/exchange/requests', { owner_organization_id: oakridge });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().owner).toEqual({ id: oakridge, name: OAKRIDGE });
  });

  it('lets its own admin name a public organization (Oakridge grants Acme, which then knows it)', async () => {
    const res = await asOlive('POST', '/api/exchange/grants', {
      investor_organization_id: t.demo.organizations.get('Acme Capital Partners')!,
      expires_on: defaultExpiry(),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the public page', () => {
  it('answers 404 to a stranger, and shows it to its members, platform admins and who it has dealt with', async () => {
    const stranger = await t.call('GET', EVE, `/api/organizations/${oakridge}`);
    const missing = await t.call('GET', EVE, `/api/organizations/${MISSING}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toBe(missing.body);
    expect((await asOlive('GET', `/api/organizations/${oakridge}`)).statusCode).toBe(200);
    expect((await t.call('GET', ADMIN, `/api/organizations/${oakridge}`)).statusCode).toBe(200);
    const related = await t.call('GET', HOST, `/api/organizations/${oakridge}`);
    expect(related.statusCode, related.body).toBe(200);
    expect(related.json().name).toBe(OAKRIDGE);
  });
});

describe('the users directory', () => {
  const directory = (email: string, search: string) =>
    t.call('GET', email, `/api/users?search_query=${encodeURIComponent(search)}`);

  it("never lists a private organization's members to a stranger, by their name or the organization's", async () => {
    for (const search of ['Olive', 'Oakridge']) {
      const res = await directory(EVE, search);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], total: 0 });
    }
  });

  it('names the organization beside its member to its members, platform admins and who it has dealt with', async () => {
    for (const email of [HOST, ADMIN]) {
      const res = await directory(email, 'Olive');
      expect(res.json().data).toEqual([
        expect.objectContaining({ id: olive, organization: { id: oakridge, name: OAKRIDGE } }),
      ]);
    }
    const own = await asOlive('GET', '/api/users?search_query=Oakridge');
    expect(own.json().data.map((u: { id: number }) => u.id)).toEqual([olive]);
  });
});

describe('search', () => {
  const hits = async (request: Promise<{ json(): unknown }>, kind: string) => {
    const { groups } = (await request).json() as {
      groups: { kind: string; total: number; items: { id: number; subtitle: string }[] }[];
    };
    return groups.find((g) => g.kind === kind)!;
  };

  it('finds neither the organization nor its member for a stranger', async () => {
    expect(
      await hits(t.call('GET', EVE, '/api/search?q=Oakridge&kinds=organizations'), 'organizations'),
    ).toEqual({ kind: 'organizations', total: 0, items: [] });
    const people = await hits(t.call('GET', EVE, '/api/search?q=Quartermain&kinds=people'), 'people');
    expect(people).toEqual({ kind: 'people', total: 0, items: [] });
  });

  it('finds both, the organization named in the subtitle, for who it has dealt with', async () => {
    const organizations = await hits(
      t.call('GET', HOST, '/api/search?q=Oakridge&kinds=organizations'),
      'organizations',
    );
    expect(organizations.items.map((i) => i.id)).toContain(oakridge);
    const people = await hits(t.call('GET', HOST, '/api/search?q=Quartermain&kinds=people'), 'people');
    expect(people.items).toEqual([expect.objectContaining({ id: olive, subtitle: OAKRIDGE })]);
  });
});

describe('the community', () => {
  it('lists a member who chose to be listed without their private organization, to a stranger only', async () => {
    expect((await asOlive('PUT', '/api/community/me', { listed: true, interests: [] })).statusCode).toBe(200);
    const person = async (email: string) =>
      (await t.call('GET', email, '/api/community/people?q=Olive')).json().data;
    expect(await person(EVE)).toEqual([expect.objectContaining({ id: olive, organization: null })]);
    expect(await person(HOST)).toEqual([
      expect.objectContaining({ id: olive, organization: { id: oakridge, name: OAKRIDGE } }),
    ]);
  });
});

describe('pods: members and posts', () => {
  it("names a member's private organization to who may know it only", async () => {
    // The DEI Data Working Group (secret): ada its admin, host and eve members; Olive joins it.
    const found = await t.app.db.execute(sql`SELECT id FROM pods WHERE name = 'DEI Data Working Group'`);
    const podId = (found as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await t.app.db.execute(
      sql`INSERT INTO pod_members (pod_id, user_id, status, role, joined_at) VALUES (${podId}, ${olive}, 'active', 'member', now())`,
    );
    const posted = await asOlive('POST', `/api/pods/${podId}/posts`, { body: '<p>Hello from the fund</p>' });
    expect(posted.statusCode, posted.body).toBe(201);
    const organizationOf = async (email: string) => {
      const members = (await t.call('GET', email, `/api/pods/${podId}/members`)).json().data as {
        userId: number;
        organizationName: string | null;
      }[];
      const feed = (await t.call('GET', email, `/api/pods/${podId}/feed`)).json().data as {
        author: { id: number; organizationName: string | null } | null;
      }[];
      return {
        member: members.find((m) => m.userId === olive)?.organizationName,
        author: feed.find((e) => e.author?.id === olive)?.author?.organizationName,
      };
    };
    expect(await organizationOf(EVE)).toEqual({ member: null, author: null });
    expect(await organizationOf(HOST)).toEqual({ member: OAKRIDGE, author: OAKRIDGE });
  });
});

describe('calendar: an event’s attendees', () => {
  it("names an attendee's private organization to who may know it only", async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const created = await asOlive('POST', '/api/events', {
      title: 'Infrastructure briefing',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      timeZone: 'UTC',
      visibility: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    const organizationOf = async (email: string) => {
      const res = await t.call('GET', email, `/api/events/${created.json().id}/attendees`);
      expect(res.statusCode, res.body).toBe(200);
      const attendees = res.json().data as { userId: number; organizationName: string | null }[];
      return attendees.find((a) => a.userId === olive)?.organizationName;
    };
    expect(await organizationOf(EVE)).toBeNull();
    expect(await organizationOf(HOST)).toBe(OAKRIDGE);
  });
});
