import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { invitations } from '../../db/schema/signup';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';
import { type SpaceKit, startSpace } from '../../test/space-kit';

let k: SpaceKit;
let smtp: TestSmtp;
const ADA = 'ada@acme.test';
const MAX = 'max@acme.test';
const EVE = 'eve@cedar.test';
const PUBLIC_URL = 'http://parity.test';

beforeAll(async () => {
  smtp = await startTestSmtp();
  k = await startSpace({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await k?.close();
  await smtp?.close();
});

const linkFor = async (email: string, after = 0) => {
  const mail = await smtp.waitFor((m) => recipient(m) === email && smtp.messages.indexOf(m) >= after);
  return /\/signup\/invitation\/([0-9a-f-]{36})/.exec(mail.text ?? '')![1]!;
};
const show = (uuid: string) => k.t.app.inject({ method: 'GET', url: `/api/signup/invitations/${uuid}` });

describe('invitation management', () => {
  let id: number;
  let firstLink: string;

  it('lists pending invitations with expiry for members', async () => {
    const res = await k.call('POST', '/api/organizations/me/invitations', ADA, { email: 'newbie@new.test' });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    firstLink = await linkFor('newbie@new.test');
    const list = await k.call('GET', '/api/organizations/me/invitations', MAX);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        id,
        email: 'newbie@new.test',
        expires_at: res.json().expires_at,
        created_at: res.json().created_at,
        expired: false,
        invited_by: { id: k.users.get(ADA), name: 'Ada', lastname: 'Lovelace' },
      },
    ]);
    expect((await k.call('GET', '/api/organizations/me/invitations', EVE)).json().total).toBe(0);
    expect((await k.call('GET', '/api/organizations/me/invitations', 'pending@acme.test')).statusCode).toBe(
      403,
    );
    const [entry] = await k.t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'invitation'));
    expect(entry).toMatchObject({ action: 'create', after: { email: 'newbie@new.test' } });
  });

  it('resends with a new link and expiry; the old link stops working', async () => {
    await k.t.app.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));
    expect((await k.call('GET', '/api/organizations/me/invitations', ADA)).json().data[0].expired).toBe(true);
    expect((await k.call('POST', `/api/organizations/me/invitations/${id}/resend`, MAX)).statusCode).toBe(
      403,
    );
    expect((await k.call('POST', `/api/organizations/me/invitations/${id}/resend`, EVE)).statusCode).toBe(
      404,
    );
    const count = smtp.messages.length;
    const res = await k.call('POST', `/api/organizations/me/invitations/${id}/resend`, ADA);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.parse(res.json().expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const link = await linkFor('newbie@new.test', count);
    expect(link).not.toBe(firstLink);
    expect((await show(firstLink)).statusCode).toBe(404);
    expect((await show(link)).statusCode).toBe(200);
    firstLink = link;
  });

  it('revokes; the link then answers that it was withdrawn', async () => {
    expect((await k.call('DELETE', `/api/organizations/me/invitations/${id}`, MAX)).statusCode).toBe(403);
    expect((await k.call('DELETE', `/api/organizations/me/invitations/${id}`, EVE)).statusCode).toBe(404);
    const res = await k.call('DELETE', `/api/organizations/me/invitations/${id}`, ADA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The invitation was revoked.');
    const shown = await show(firstLink);
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toMatchObject({ error: 'invitation_revoked' });
    expect(shown.json().message).toMatch(/withdrawn/);
    const accept = await k.t.app.inject({
      method: 'POST',
      url: `/api/signup/invitations/${firstLink}/accept`,
      payload: { name: 'New', lastname: 'Bie', password: 'a long Passphrase 42!' },
    });
    expect(accept.statusCode).toBe(404);
    expect(accept.json().error).toBe('invitation_revoked');
    expect((await k.call('GET', '/api/organizations/me/invitations', ADA)).json().total).toBe(0);
    expect((await k.call('DELETE', `/api/organizations/me/invitations/${id}`, ADA)).statusCode).toBe(404);
    expect((await k.call('POST', `/api/organizations/me/invitations/${id}/resend`, ADA)).statusCode).toBe(
      404,
    );
    expect((await k.call('DELETE', '/api/organizations/me/invitations/x', ADA)).statusCode).toBe(400);
  });

  it('an accepted invitation makes a member who shows as joined in the feed', async () => {
    const count = smtp.messages.length;
    await k.call('POST', '/api/organizations/me/invitations', ADA, { email: 'grace@new.test' });
    const link = await linkFor('grace@new.test', count);
    const accept = await k.t.app.inject({
      method: 'POST',
      url: `/api/signup/invitations/${link}/accept`,
      payload: { name: 'Grace', lastname: 'Murray', password: 'a long Passphrase 42!' },
    });
    expect(accept.statusCode, accept.body).toBe(201);
    const feed = (await k.call('GET', '/api/organizations/me/feed', MAX)).json();
    expect(feed.data[0]).toMatchObject({ kind: 'membership.join', summary: 'Grace Murray joined' });
  });
});
