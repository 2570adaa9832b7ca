import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { organizationContacts } from '../../db/schema/contacts';
import { CEDAR } from '../../seed/demo';
import { type SpaceKit, startSpace } from '../../test/space-kit';

let k: SpaceKit;
const ADA = 'ada@acme.test';
const MAX = 'max@acme.test';
const PENDING = 'pending@acme.test';
const EVE = 'eve@cedar.test';
const URL = '/api/organizations/me/contacts';

beforeAll(async () => {
  k = await startSpace();
});
afterAll(async () => k?.close());

const contact = (n: number) => ({
  name: `Contact ${String(n).padStart(2, '0')}`,
  email: `c${n}@partner.test`,
  phone: '+1 202 555 0143',
  title: n % 2 ? 'Partner' : 'Analyst',
});

describe('contacts', () => {
  let firstId: number;

  it('admins add contacts (audited); members list them by name with search and 30/60 pages', async () => {
    const res = await k.call('POST', URL, ADA, contact(1));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Contact 01',
      email: 'c1@partner.test',
      phone: '+1 202 555 0143',
      title: 'Partner',
    });
    firstId = res.json().id;
    for (let n = 2; n <= 32; n++) expect((await k.call('POST', URL, ADA, contact(n))).statusCode).toBe(201);
    const page = (await k.call('GET', URL, MAX)).json();
    expect(page.total).toBe(32);
    expect(page.data).toHaveLength(30);
    expect(page.data[0].name).toBe('Contact 01');
    expect((await k.call('GET', `${URL}?limit=60`, MAX)).json().data).toHaveLength(32);
    expect((await k.call('GET', `${URL}?offset=30`, MAX)).json().data).toHaveLength(2);
    const found = (await k.call('GET', `${URL}?search=c12@`, MAX)).json();
    expect(found.data.map((c: { name: string }) => c.name)).toEqual(['Contact 12']);
    expect((await k.call('GET', `${URL}?search=analyst`, MAX)).json().total).toBe(16);
    expect((await k.call('GET', `${URL}?limit=45`, MAX)).statusCode).toBe(400);
    const [entry] = await k.t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'contact'));
    expect(entry).toMatchObject({ action: 'create', after: { name: 'Contact 01' } });
  });

  it.each([
    [{ ...contact(9), phone: '12' }, 'phone'],
    [{ ...contact(9), email: 'nope' }, 'email'],
    [{ ...contact(9), name: ' ' }, 'name'],
    [{ email: 'x@y.test' }, 'name'],
    [{ ...contact(9), company: 'X' }, 'company'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await k.call('POST', URL, ADA, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().detail)).toContain(field);
  });

  it('accepts a contact without phone and title', async () => {
    const res = await k.call('POST', URL, ADA, { name: 'Zed', email: 'zed@partner.test', phone: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ phone: null, title: null });
  });

  it('updates and deletes (admins), other organizations 404, members 403', async () => {
    const upd = await k.call('PUT', `${URL}/${firstId}`, ADA, { ...contact(1), title: 'Managing Partner' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().title).toBe('Managing Partner');
    expect((await k.call('PUT', `${URL}/${firstId}`, MAX, contact(1))).statusCode).toBe(403);
    expect((await k.call('POST', URL, MAX, contact(50))).statusCode).toBe(403);
    expect((await k.call('POST', URL, PENDING, contact(50))).statusCode).toBe(403);
    expect((await k.call('GET', URL, PENDING)).statusCode).toBe(403);
    expect((await k.call('GET', URL, 'admin@parity.test')).statusCode).toBe(404);
    expect((await k.call('GET', `${URL}/${firstId}`, EVE)).statusCode).toBe(404);
    expect((await k.call('PUT', `${URL}/${firstId}`, EVE, contact(1))).statusCode).toBe(404);
    expect((await k.call('DELETE', `${URL}/${firstId}`, EVE)).statusCode).toBe(404);
    expect((await k.call('GET', URL, EVE)).json().total).toBe(0);
    expect((await k.call('GET', `${URL}/${firstId}`, MAX)).json().title).toBe('Managing Partner');
    expect((await k.call('DELETE', `${URL}/${firstId}`, ADA)).json().message).toBe('Contact deleted');
    expect((await k.call('GET', `${URL}/${firstId}`, MAX)).statusCode).toBe(404);
    expect((await k.call('DELETE', `${URL}/abc`, ADA)).statusCode).toBe(400);
    const cedarRows = await k.t.app.db
      .select()
      .from(organizationContacts)
      .where(eq(organizationContacts.organization_id, k.orgs.get(CEDAR)!));
    expect(cedarRows).toHaveLength(0);
  });
});
