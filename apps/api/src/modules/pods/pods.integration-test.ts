import { POD_MESSAGES } from '@parity/domain/pods/pods';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDemoPodFiles } from '../../seed/pods';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { until } from '../../test/event-stream';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';
import { multipart, PDF_BYTES, PNG_BYTES } from '../../test/space-kit';
import { DIGEST_JOB } from './service';

const ADA = 'ada@acme.test'; // Acme admin
const MAX = 'max@acme.test'; // Acme member, in no pod
const EVE = 'eve@cedar.test'; // Cedar admin
const HOST = 'host@northwind.test'; // Northwind: another organization
const MIA = 'mfa@acme.test';
const PENDING = 'pending@acme.test'; // awaiting approval
const ADMIN = 'admin@parity.test'; // platform administrator

let t: SeededTestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createSeededTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const userId = (email: string) => t.demo.users.get(email)!;

async function count(query: string) {
  const result = await t.app.db.execute(sql.raw(query));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

async function mailsTo(email: string, subject: RegExp): Promise<ParsedMail[]> {
  await t.app.jobs.runDueJobs();
  return smtp.messages.filter((m) => recipient(m) === email && subject.test(m.subject ?? ''));
}

function uploadTo(email: string, url: string, name: string, bytes: Buffer) {
  const body = multipart(name, bytes);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${t.tokenOf(email)}` },
    payload: body.payload,
  });
}

const upload = (email: string, podId: number, name: string, bytes: Buffer) =>
  uploadTo(email, `/api/pods/${podId}/files`, name, bytes);

async function seededPod(name: string): Promise<number> {
  const result = await t.app.db.execute(sql`SELECT id FROM pods WHERE name = ${name}`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

const soon = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(10, 0, 0, 0);
  return d;
};

/** A one-hour pod event `days` ahead, made by `email`. */
function createPodEvent(email: string, podId: number, title: string, days: number) {
  const start = soon(days);
  return t.call('POST', email, `/api/pods/${podId}/events`, {
    title,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    timeZone: 'UTC',
  });
}

describe('the journey: an invite-only pod, an invitation by mail, a post with a file, a reply and an event', () => {
  let podId: number;
  let token: string;
  let fileId: string;
  let postId: number;
  let eventId: number;

  it('ada creates an invite-only pod and is its admin', async () => {
    const res = await t.call('POST', ADA, '/api/pods', {
      name: 'Operating partners',
      description: 'Operating partners across firms',
      visibility: 'invite-only',
    });
    expect(res.statusCode, res.body).toBe(201);
    podId = res.json().id;
    expect(res.json()).toMatchObject({
      isMember: true,
      myRole: 'admin',
      memberCount: 1,
      canManage: true,
      admins: [{ id: userId(ADA), name: 'Ada Lovelace' }],
    });
    const mine = (await t.call('GET', ADA, '/api/pods')).json();
    expect(mine.data.map((p: { id: number }) => p.id)).toContain(podId);
  });

  it('refuses an invitation of a member (409), writing nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM pod_invitations');
    const member = await t.call('POST', ADA, `/api/pods/${podId}/invitations`, { userIds: [userId(ADA)] });
    expect(member.statusCode).toBe(409);
    expect((await t.call('POST', ADA, `/api/pods/${podId}/invitations`, {})).statusCode).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM pod_invitations')).toBe(before);
  });

  it('only pod admins invite: max (not a member) 404; a platform admin reads the pod but may not manage it (403)', async () => {
    expect((await t.call('POST', MAX, `/api/pods/${podId}/invitations`, { emails: [EVE] })).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', MAX, `/api/pods/${podId}/invitations`)).statusCode).toBe(404);
    const before = await count('SELECT count(*)::int AS n FROM pod_invitations');
    const res = await t.call('POST', ADMIN, `/api/pods/${podId}/invitations`, { emails: [EVE] });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe("Only the pod's admins may do this.");
    expect(await count('SELECT count(*)::int AS n FROM pod_invitations')).toBe(before);
    expect((await t.call('GET', ADMIN, `/api/pods/${podId}`)).json()).toMatchObject({
      isMember: false,
      canManage: false,
      canDelete: true,
    });
    expect((await t.call('GET', ADA, `/api/pods/${podId}`)).json()).toMatchObject({
      canManage: true,
      canDelete: true,
    });
    expect((await t.call('GET', ADMIN, `/api/pods/${podId}/invitations`)).statusCode).toBe(200);
  });

  it('ada invites eve by email; the mail holds the accept link', async () => {
    const res = await t.call('POST', ADA, `/api/pods/${podId}/invitations`, { emails: ['Eve@Cedar.test'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ invited: 1 });
    const [mail] = await mailsTo(EVE, /^Ada Lovelace invites you to the pod Operating partners$/);
    expect(mail, 'the invitation mail').toBeDefined();
    const link = /\/pods\/invitations\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '');
    expect(link).not.toBeNull();
    token = link![1]!;
    const pending = (await t.call('GET', ADA, `/api/pods/${podId}/invitations`)).json();
    expect(pending.data).toMatchObject([{ email: EVE, invitedBy: { id: userId(ADA) } }]);
  });

  it('the link is eve’s only: max gets 404; eve sees and accepts it, and accepting again answers the same', async () => {
    const other = await t.call('GET', MAX, `/api/pods/invitations/${token}`);
    expect(other.statusCode, other.body).toBe(404);
    expect((await t.call('POST', MAX, `/api/pods/invitations/${token}/accept`)).statusCode).toBe(404);
    const view = await t.call('GET', EVE, `/api/pods/invitations/${token}`);
    expect(view.json()).toMatchObject({
      podId,
      podName: 'Operating partners',
      invitedBy: { name: 'Ada Lovelace' },
    });
    const accepted = await t.call('POST', EVE, `/api/pods/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ isMember: true, myRole: 'member', memberCount: 2 });
    const again = await t.call('POST', EVE, `/api/pods/invitations/${token}/accept`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ isMember: true, memberCount: 2 });
    expect((await t.call('GET', EVE, `/api/pods/invitations/${token}`)).statusCode).toBe(404);
    expect((await t.call('GET', 'ada@acme.test', `/api/pods/invitations/bad`)).statusCode).toBe(400);
  });

  it('eve shares a PDF; a PNG is 415, over 10 MB 413, and nothing is kept', async () => {
    const files = await count('SELECT count(*)::int AS n FROM files');
    const png = await upload(EVE, podId, 'chart.png', PNG_BYTES);
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toMatch(/PDF, DOCX/);
    expect((await upload(EVE, podId, 'fake.pdf', PNG_BYTES)).statusCode).toBe(415);
    const big = await upload(
      EVE,
      podId,
      'big.pdf',
      Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file must be at most 10 MB.');
    expect(await count('SELECT count(*)::int AS n FROM files')).toBe(files);
    expect((await upload(MAX, podId, 'x.pdf', PDF_BYTES)).statusCode).toBe(404);
    const res = await upload(EVE, podId, 'Value creation plan.pdf', PDF_BYTES);
    expect(res.statusCode, res.body).toBe(201);
    fileId = res.json().id;
    expect(res.json()).toMatchObject({ name: 'Value creation plan.pdf', canDelete: true });
  });

  it('refuses bad posts with a clear message and writes nothing', async () => {
    const posts = await count('SELECT count(*)::int AS n FROM pod_posts');
    const cases: [unknown, string][] = [
      [{ body: '' }, POD_MESSAGES.postRequired],
      [{ body: '<p> </p>' }, POD_MESSAGES.postRequired],
      [{ body: 'x'.repeat(10_000) }, POD_MESSAGES.postTooLong],
      [{ body: 'Hi', mentionUserIds: [userId(MAX)] }, POD_MESSAGES.mentionNotMember],
      [{ body: 'Hi', attachmentFileIds: [crypto.randomUUID()] }, POD_MESSAGES.attachmentNotInPod],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', EVE, `/api/pods/${podId}/posts`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(
      (await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: 'Hi', parentId: 999_999 })).statusCode,
    ).toBe(404);
    expect(await count('SELECT count(*)::int AS n FROM pod_posts')).toBe(posts);
  });

  it('eve posts with the file, mentioning ada: sanitised, and ada is told', async () => {
    const res = await t.call('POST', EVE, `/api/pods/${podId}/posts`, {
      body: '<p>Our plan, <strong>draft</strong> <script>alert(1)</script>@Ada</p>',
      mentionUserIds: [userId(ADA)],
      attachmentFileIds: [fileId],
    });
    expect(res.statusCode, res.body).toBe(201);
    postId = res.json().id;
    expect(res.json()).toMatchObject({
      kind: 'post',
      body: '<p>Our plan, <strong>draft</strong> @Ada</p>',
      author: { id: userId(EVE), name: 'Eve Castillo', organizationName: 'Cedar Equity' },
      mentions: [{ id: userId(ADA) }],
      attachments: [{ id: fileId, name: 'Value creation plan.pdf' }],
      canEdit: true,
      replies: [],
    });
    const notes = (await t.call('GET', ADA, '/api/notifications?kind=pod_mention')).json();
    expect(notes.items[0]).toMatchObject({ title: 'Eve Castillo mentioned you in Operating partners' });
    // ada's pod mail preference is 'every': a mail at once
    expect(await mailsTo(ADA, /^Eve Castillo mentioned you in Operating partners$/)).toHaveLength(1);
  });

  it('ada replies; a reply to a reply is 400', async () => {
    const res = await t.call('POST', ADA, `/api/pods/${podId}/posts`, {
      body: 'Looks good',
      parentId: postId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ parentId: postId, canEdit: true });
    const nested = await t.call('POST', EVE, `/api/pods/${podId}/posts`, {
      body: 'x',
      parentId: res.json().id,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toContain(POD_MESSAGES.replyToReply);
  });

  it('ada creates a pod event; eve attends it through the calendar', async () => {
    const start = soon(3);
    const res = await t.call('POST', ADA, `/api/pods/${podId}/events`, {
      title: 'Quarterly exchange',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      timeZone: 'Europe/London',
      visibility: 'public',
    });
    expect(res.statusCode, res.body).toBe(201);
    eventId = res.json().id;
    expect(res.json()).toMatchObject({ visibility: 'pod', podId, organizationId: null });
    const attend = await t.call('PUT', EVE, `/api/events/${eventId}/attendees/me`, { status: 'attending' });
    expect(attend.statusCode, attend.body).toBe(200);
    const event = (await t.call('GET', EVE, `/api/pods/${podId}/events/${eventId}`)).json();
    expect(event.counts.attending).toBe(2);
    const list = (await t.call('GET', EVE, `/api/pods/${podId}/events`)).json();
    expect(list).toMatchObject({ total: 1, data: [{ eventId, title: 'Quarterly exchange' }] });
    // the calendar's list filter by pod works too
    const calendar = (await t.call('GET', EVE, `/api/events/list?podId=${podId}`)).json();
    expect(calendar.data.map((e: { eventId: number }) => e.eventId)).toEqual([eventId]);
  });

  it('the feed: the post with its reply, the event, the file and eve joining, newest first', async () => {
    const res = await t.call('GET', EVE, `/api/pods/${podId}/feed`);
    expect(res.statusCode, res.body).toBe(200);
    const feed = res.json();
    expect(feed.data.map((e: { kind: string }) => e.kind)).toEqual([
      'event_created',
      'post',
      'file_added',
      'member_joined',
    ]);
    expect(feed.data[0].event).toEqual({ id: eventId, title: 'Quarterly exchange' });
    expect(feed.data[1].replies).toHaveLength(1);
    expect(feed.data[2].file).toMatchObject({ id: fileId });
    expect(feed).toMatchObject({ total: 4, nextBefore: null });
  });

  it('max (in no pod) and host (another organization) get 404 on the pod, feed, event, file, members', async () => {
    for (const email of [MAX, HOST]) {
      for (const url of [
        `/api/pods/${podId}`,
        `/api/pods/${podId}/feed`,
        `/api/pods/${podId}/events`,
        `/api/pods/${podId}/events/${eventId}`,
        `/api/pods/${podId}/files`,
        `/api/pods/${podId}/files/${fileId}`,
        `/api/pods/${podId}/members`,
        `/api/events/${eventId}`,
        `/api/events/${eventId}/attendees`,
      ]) {
        expect((await t.call('GET', email, url)).statusCode, `${email} ${url}`).toBe(404);
      }
      expect((await t.call('POST', email, `/api/pods/${podId}/posts`, { body: 'hi' })).statusCode).toBe(404);
    }
    // host may ask to join the invite-only pod, and still reads nothing of it
    expect((await t.call('POST', HOST, `/api/pods/${podId}/join`)).json()).toMatchObject({ requested: true });
    expect((await t.call('GET', HOST, `/api/pods/${podId}/feed`)).statusCode).toBe(404);
    expect((await t.call('GET', null, `/api/pods/${podId}`)).statusCode).toBe(401);
    const discover = (await t.call('GET', HOST, '/api/pods?scope=discover')).json();
    expect(discover.data.find((p: { id: number }) => p.id === podId)).toMatchObject({ requested: true });
  });

  it('members download the file; another pod’s event id is 404', async () => {
    const file = await t.call('GET', EVE, `/api/pods/${podId}/files/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const other = await seededPod('Heads of Talent');
    const res = await t.call('GET', ADA, `/api/pods/${podId}/events/${eventId}`);
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', ADA, `/api/pods/${other}/events/${eventId}`)).statusCode).toBe(404);
    expect((await t.call('GET', ADA, `/api/pods/${podId}/events/999999`)).statusCode).toBe(404);
    expect((await t.call('GET', ADA, `/api/pods/${podId}/files/${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
  });

  it('edits and deletes: own posts only; the pod admin deletes any; a platform admin reads and deletes but does not post', async () => {
    expect(
      (await t.call('PATCH', ADA, `/api/pods/${podId}/posts/${postId}`, { body: 'mine now' })).statusCode,
    ).toBe(403);
    const edit = await t.call('PATCH', EVE, `/api/pods/${podId}/posts/${postId}`, {
      body: '<p>Final plan</p>',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ body: '<p>Final plan</p>', mentions: [] });
    expect(edit.json().editedAt).not.toBeNull();
    expect((await t.call('PATCH', EVE, `/api/pods/${podId}/posts/${postId}`, { body: '' })).statusCode).toBe(
      400,
    );
    expect((await t.call('GET', ADMIN, `/api/pods/${podId}/feed`)).statusCode).toBe(200);
    expect((await t.call('POST', ADMIN, `/api/pods/${podId}/posts`, { body: 'hello' })).statusCode).toBe(403);
    const extra = await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: 'to be removed' });
    expect((await t.call('DELETE', MAX, `/api/pods/${podId}/posts/${extra.json().id}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', ADA, `/api/pods/${podId}/posts/${extra.json().id}`)).statusCode).toBe(204);
    const second = await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: 'again' });
    expect((await t.call('DELETE', ADMIN, `/api/pods/${podId}/posts/${second.json().id}`)).statusCode).toBe(
      204,
    );
    expect((await t.call('DELETE', EVE, `/api/pods/${podId}/posts/${postId}`)).statusCode).toBe(204);
    expect(await count(`SELECT count(*)::int AS n FROM pod_posts WHERE parent_id = ${postId}`)).toBe(0);
  });

  it('members: eve cannot manage; ada promotes her; the last admin cannot leave without a successor', async () => {
    expect(
      (await t.call('PATCH', EVE, `/api/pods/${podId}/members/${userId(ADA)}`, { role: 'member' }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('PATCH', EVE, `/api/pods/${podId}`, { rules: 'Mine' })).statusCode).toBe(403);
    expect(
      (await t.call('PATCH', ADA, `/api/pods/${podId}/members/${userId(ADA)}`, { role: 'member' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await t.call('PATCH', ADA, `/api/pods/${podId}/members/${userId(MAX)}`, { role: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('PATCH', ADA, `/api/pods/${podId}/members/${userId(EVE)}`, { role: 'owner' })).statusCode,
    ).toBe(400);
    const leave = await t.call('POST', ADA, `/api/pods/${podId}/leave`, {});
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe(POD_MESSAGES.lastAdmin);
    expect(
      (await t.call('POST', ADA, `/api/pods/${podId}/leave`, { successorUserId: userId(MAX) })).statusCode,
    ).toBe(400);
    const members = (await t.call('GET', EVE, `/api/pods/${podId}/members`)).json();
    expect(members).toMatchObject({
      total: 2,
      data: [{ userId: userId(ADA), role: 'admin' }, { role: 'member' }],
    });
    const patched = await t.call('PATCH', ADA, `/api/pods/${podId}`, {
      rules: 'Be kind.',
      visibility: 'secret',
    });
    expect(patched.json()).toMatchObject({ rules: 'Be kind.', visibility: 'secret' });
    expect((await t.call('PATCH', ADA, `/api/pods/${podId}`, { visibility: 'public' })).statusCode).toBe(400);
  });

  it('ada leaves naming eve, who becomes admin; eve removes nobody else and the pod lives on', async () => {
    const res = await t.call('POST', ADA, `/api/pods/${podId}/leave`, { successorUserId: userId(EVE) });
    expect(res.statusCode, res.body).toBe(204);
    const pod = (await t.call('GET', EVE, `/api/pods/${podId}`)).json();
    expect(pod).toMatchObject({ myRole: 'admin', memberCount: 1, admins: [{ id: userId(EVE) }] });
    expect((await t.call('GET', ADA, `/api/pods/${podId}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', EVE, `/api/pods/${podId}/members/${userId(EVE)}`)).statusCode).toBe(409);
  });

  it('files: search and sort; only the uploader or an admin deletes', async () => {
    await upload(EVE, podId, 'Another note.txt', Buffer.from('note'));
    const byName = (await t.call('GET', EVE, `/api/pods/${podId}/files?sort=name&dir=asc`)).json();
    expect(byName.data.map((f: { name: string }) => f.name)).toEqual([
      'Another note.txt',
      'Value creation plan.pdf',
    ]);
    const searched = (await t.call('GET', EVE, `/api/pods/${podId}/files?q=plan`)).json();
    expect(searched.total).toBe(1);
    expect((await t.call('GET', EVE, `/api/pods/${podId}/files?sort=colour`)).statusCode).toBe(400);
    expect((await t.call('DELETE', MAX, `/api/pods/${podId}/files/${fileId}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', EVE, `/api/pods/${podId}/files/${fileId}`)).statusCode).toBe(204);
    expect((await t.call('GET', EVE, `/api/pods/${podId}/files/${fileId}`)).statusCode).toBe(404);
  });

  it('a platform admin deletes the pod; it is gone with its event', async () => {
    expect((await t.call('DELETE', MAX, `/api/pods/${podId}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', ADMIN, `/api/pods/${podId}`)).statusCode).toBe(204);
    expect((await t.call('GET', EVE, `/api/pods/${podId}`)).statusCode).toBe(404);
    expect(await count(`SELECT count(*)::int AS n FROM events WHERE id = ${eventId}`)).toBe(0);
  });
});

describe('joining, requests, lists and rights', () => {
  it('an open pod shows its preview to max, who joins it; a secret pod is 404', async () => {
    const open = await seededPod('Heads of Talent');
    const secret = await seededPod('DEI Data Working Group');
    const preview = await t.call('GET', MAX, `/api/pods/${open}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ isMember: false, canJoin: true, rules: '', admins: [] });
    expect((await t.call('GET', MAX, `/api/pods/${open}/feed`)).statusCode).toBe(404);
    const joined = await t.call('POST', MAX, `/api/pods/${open}/join`);
    expect(joined.json()).toMatchObject({ isMember: true, myRole: 'member' });
    expect((await t.call('POST', MAX, `/api/pods/${open}/join`)).statusCode).toBe(409);
    expect((await t.call('GET', MAX, `/api/pods/${open}/feed`)).statusCode).toBe(200);
    expect((await t.call('GET', MAX, `/api/pods/${secret}`)).statusCode).toBe(404);
    expect((await t.call('POST', MAX, `/api/pods/${secret}/join`)).statusCode).toBe(404);
    const discover = (await t.call('GET', MAX, '/api/pods?scope=discover')).json();
    expect(discover.data.map((p: { name: string }) => p.name)).toEqual(['Emerging Managers Programme']);
    await t.call('POST', MAX, `/api/pods/${open}/leave`, {});
  });

  it('max asks to join the invite-only pod; only its admin sees and approves the request', async () => {
    const pod = await seededPod('Emerging Managers Programme');
    const asked = await t.call('POST', MAX, `/api/pods/${pod}/join`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ isMember: false, requested: true });
    expect((await t.call('GET', MAX, `/api/pods/${pod}`)).statusCode).toBe(404);
    expect((await t.call('GET', ADA, `/api/pods/${pod}/requests`)).statusCode).toBe(403);
    const requests = (await t.call('GET', HOST, `/api/pods/${pod}/requests`)).json();
    expect(requests.data).toMatchObject([{ userId: userId(MAX) }]);
    expect((await t.call('POST', ADA, `/api/pods/${pod}/requests/${userId(MAX)}/approve`)).statusCode).toBe(
      403,
    );
    const approved = await t.call('POST', HOST, `/api/pods/${pod}/requests/${userId(MAX)}/approve`);
    expect(approved.json()).toMatchObject({ userId: userId(MAX), role: 'member' });
    expect((await t.call('GET', MAX, `/api/pods/${pod}/feed`)).statusCode).toBe(200);
    expect((await t.call('DELETE', HOST, `/api/pods/${pod}/requests/${userId(MAX)}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', HOST, `/api/pods/${pod}/members/${userId(MAX)}`)).statusCode).toBe(204);
  });

  it('a declined or withdrawn request leaves no member', async () => {
    const pod = await seededPod('Emerging Managers Programme');
    await t.call('POST', MIA, `/api/pods/${pod}/join`);
    expect((await t.call('DELETE', HOST, `/api/pods/${pod}/requests/${userId(MIA)}`)).statusCode).toBe(204);
    await t.call('POST', MIA, `/api/pods/${pod}/join`);
    expect((await t.call('DELETE', MIA, `/api/pods/${pod}/join`)).statusCode).toBe(204);
    expect((await t.call('DELETE', MIA, `/api/pods/${pod}/join`)).statusCode).toBe(404);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM pod_members WHERE pod_id = ${pod} AND user_id = ${userId(MIA)}`,
      ),
    ).toBe(0);
  });

  it('the applicant is told of the decline and of the approval: a notification and one mail', async () => {
    const pod = await seededPod('Emerging Managers Programme');
    const told = async () =>
      (await t.call('GET', MIA, '/api/notifications?kind=pod_join_decision')).json().items as {
        title: string;
        link: string;
      }[];
    // (the test before declined mia once already)
    const declinedSubject = /^Your request to join Emerging Managers Programme was declined$/;
    const before = { told: (await told()).length, mails: (await mailsTo(MIA, declinedSubject)).length };
    await t.call('POST', MIA, `/api/pods/${pod}/join`);
    expect((await t.call('DELETE', HOST, `/api/pods/${pod}/requests/${userId(MIA)}`)).statusCode).toBe(204);
    const notifications = await told();
    expect(notifications).toHaveLength(before.told + 1);
    expect(notifications[0]).toMatchObject({
      title: 'Your request to join Emerging Managers Programme was declined',
      link: '/pods',
    });
    const declined = await mailsTo(MIA, declinedSubject);
    expect(declined).toHaveLength(before.mails + 1);
    expect(declined.at(-1)!.text).toContain('/pods');
    // mail at once chosen in the notification centre: that is the one mail
    await t.call('PUT', MIA, '/api/notifications/preferences', {
      preferences: [{ kind: 'pod_join_decision', delivery: 'mail' }],
    });
    await t.call('POST', MIA, `/api/pods/${pod}/join`);
    expect((await t.call('POST', HOST, `/api/pods/${pod}/requests/${userId(MIA)}/approve`)).statusCode).toBe(
      200,
    );
    expect((await told())[0]).toMatchObject({
      title: 'Your request to join Emerging Managers Programme was approved',
      link: `/pods/${pod}`,
    });
    const approved = /^Your request to join Emerging Managers Programme was approved$/;
    await until(async () => (await mailsTo(MIA, approved)).length > 0, 'the approval’s mail');
    await t.app.jobs.runDueJobs();
    expect(await mailsTo(MIA, approved)).toHaveLength(1);
    expect((await t.call('POST', MIA, `/api/pods/${pod}/leave`, {})).statusCode).toBe(204);
  });

  it('one invitation mail: the notification’s when the invitee’s settings mail invitations at once', async () => {
    const pod = (
      await t.call('POST', ADA, '/api/pods', { name: 'Invitation mail pod', visibility: 'invite-only' })
    ).json().id;
    await t.call('PUT', MAX, '/api/notifications/preferences', {
      preferences: [{ kind: 'pod_invitation', delivery: 'mail' }],
    });
    const res = await t.call('POST', ADA, `/api/pods/${pod}/invitations`, { emails: [MAX, HOST] });
    expect(res.statusCode, res.body).toBe(201);
    const subject = /^Ada Lovelace invites you to the pod Invitation mail pod$/;
    await until(async () => (await mailsTo(MAX, subject)).length > 0, 'the invitation’s mail');
    await t.app.jobs.runDueJobs();
    const maxs = await mailsTo(MAX, subject);
    expect(maxs).toHaveLength(1);
    expect(maxs[0]!.text).toMatch(/\/pods\/invitations\/[A-Za-z0-9_-]{43}/);
    // in-app only (the default): the invitation mail with its accept link
    const hosts = await mailsTo(HOST, subject);
    expect(hosts).toHaveLength(1);
    expect(hosts[0]!.text).toContain('Accept the invitation:');
  });

  it('accounts awaiting approval see no pods and create none; only platform admins list every pod', async () => {
    expect((await t.call('GET', PENDING, '/api/pods?scope=discover')).json()).toEqual({ data: [], total: 0 });
    expect((await t.call('POST', PENDING, '/api/pods', { name: 'Mine' })).statusCode).toBe(403);
    expect((await t.call('GET', ADA, '/api/pods?scope=all')).statusCode).toBe(403);
    const all = (await t.call('GET', ADMIN, '/api/pods?scope=all')).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect((await t.call('GET', ADA, '/api/pods?scope=everything')).statusCode).toBe(400);
    expect((await t.call('POST', ADA, '/api/pods', { name: ' ', visibility: 'open' })).statusCode).toBe(400);
    expect((await t.call('GET', ADA, '/api/pods/abc')).statusCode).toBe(400);
  });

  it('the seeded pods hold members of several organizations, posts, files and a recurring event', async () => {
    const pod = await seededPod('Emerging Managers Programme');
    const members = (await t.call('GET', ADA, `/api/pods/${pod}/members`)).json();
    expect(new Set(members.data.map((m: { organizationName: string }) => m.organizationName)).size).toBe(3);
    const feed = (await t.call('GET', ADA, `/api/pods/${pod}/feed`)).json();
    expect(feed.data.filter((e: { kind: string }) => e.kind === 'post').length).toBeGreaterThanOrEqual(2);
    const events = (await t.call('GET', ADA, `/api/pods/${pod}/events`)).json();
    expect(events.data[0]).toMatchObject({ title: 'Programme call', recurring: true });
    const files = (await t.call('GET', ADA, `/api/pods/${pod}/files?sort=name&dir=asc`)).json();
    expect(files.total).toBe(2);
    // the seeding step writes the demo files' bytes (seedDemoData has only the database), once
    await writeDemoPodFiles(t.app.db, t.app.storage);
    await writeDemoPodFiles(t.app.db, t.app.storage);
    const download = await t.call('GET', ADA, `/api/pods/${pod}/files/${files.data[0].id}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('Carry policy (draft)');
  });
});

describe('who may call each route: an outsider, another organization, a member, a platform admin', () => {
  let podId: number;
  let postId: number;
  let fileId: string;
  let eventId: number;
  let invitationId: number;

  beforeAll(async () => {
    podId = (await t.call('POST', ADA, '/api/pods', { name: 'Rights pod', visibility: 'invite-only' })).json()
      .id;
    await t.call('POST', EVE, `/api/pods/${podId}/join`);
    await t.call('POST', ADA, `/api/pods/${podId}/requests/${userId(EVE)}/approve`);
    await t.call('POST', HOST, `/api/pods/${podId}/join`);
    postId = (await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: 'Eve’s post' })).json().id;
    fileId = (await upload(ADA, podId, 'Ada.pdf', PDF_BYTES)).json().id;
    eventId = (await createPodEvent(ADA, podId, 'Rights meeting', 5)).json().id;
    await t.call('POST', ADA, `/api/pods/${podId}/invitations`, { userIds: [userId(MIA)] });
    invitationId = (await t.call('GET', ADA, `/api/pods/${podId}/invitations`)).json().data[0].id;
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** [method, path, body, eve (a member), the platform admin]; max and host always 404 (undefined: not called) */
  const routes = (): [Method, string, unknown, number | undefined, number | undefined][] => [
    ['GET', `/api/pods/${podId}`, undefined, 200, 200],
    ['PATCH', `/api/pods/${podId}`, { rules: 'x' }, 403, 403],
    ['DELETE', `/api/pods/${podId}`, undefined, 403, undefined],
    ['POST', `/api/pods/${podId}/leave`, {}, undefined, 404],
    ['PUT', `/api/pods/${podId}/mail-preference`, { mailPreference: 'digest' }, 200, 403],
    ['GET', `/api/pods/${podId}/feed`, undefined, 200, 200],
    ['POST', `/api/pods/${podId}/posts`, { body: 'x' }, 201, 403],
    ['PATCH', `/api/pods/${podId}/posts/${postId}`, { body: 'y' }, 200, 403],
    ['DELETE', `/api/pods/${podId}/posts/${postId}`, undefined, undefined, undefined],
    ['GET', `/api/pods/${podId}/members`, undefined, 200, 200],
    ['PATCH', `/api/pods/${podId}/members/${userId(ADA)}`, { role: 'member' }, 403, 403],
    ['DELETE', `/api/pods/${podId}/members/${userId(ADA)}`, undefined, 403, 403],
    ['GET', `/api/pods/${podId}/requests`, undefined, 403, 200],
    ['POST', `/api/pods/${podId}/requests/${userId(HOST)}/approve`, undefined, 403, 403],
    ['DELETE', `/api/pods/${podId}/requests/${userId(HOST)}`, undefined, 403, 403],
    ['GET', `/api/pods/${podId}/invitations`, undefined, 403, 200],
    ['POST', `/api/pods/${podId}/invitations`, { userIds: [userId(MIA)] }, 403, 403],
    ['DELETE', `/api/pods/${podId}/invitations/${invitationId}`, undefined, 403, 403],
    ['GET', `/api/pods/${podId}/files`, undefined, 200, 200],
    ['GET', `/api/pods/${podId}/files/${fileId}`, undefined, 200, 200],
    ['DELETE', `/api/pods/${podId}/files/${fileId}`, undefined, 403, undefined],
    ['GET', `/api/pods/${podId}/events`, undefined, 200, 200],
    [
      'POST',
      `/api/pods/${podId}/events`,
      { title: 'x', start: soon(6).toISOString(), end: soon(7).toISOString(), timeZone: 'UTC' },
      201,
      403,
    ],
    ['GET', `/api/pods/${podId}/events/${eventId}`, undefined, 200, 200],
  ];

  it('answers each caller as the rules say, and 401 without a session', async () => {
    const wrong: string[] = [];
    for (const [method, url, body, member, admin] of routes()) {
      const expected: [string, number | undefined][] = [
        [MAX, 404],
        [HOST, 404],
        [EVE, member],
        [ADMIN, admin],
        [null as unknown as string, 401],
      ];
      for (const [email, status] of expected) {
        if (status === undefined) continue;
        const res = await t.call(method, email, url, body);
        if (res.statusCode !== status)
          wrong.push(`${method} ${url} as ${email}: ${res.statusCode}, not ${status}`);
      }
    }
    const uploads: [string, number][] = [
      [MAX, 404],
      [HOST, 404],
      [EVE, 201],
      [ADMIN, 403],
    ];
    for (const [email, status] of uploads) {
      const res = await upload(email, podId, 'note.txt', Buffer.from('note'));
      if (res.statusCode !== status) wrong.push(`upload as ${email}: ${res.statusCode}, not ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("the pod's admins edit its events; a member edits only their own", async () => {
    const event = await createPodEvent(EVE, podId, 'Eve’s meeting', 8);
    const eves = event.json().id;
    expect((await t.call('GET', ADA, `/api/pods/${podId}/events/${eves}`)).json().canEdit).toBe(true);
    const renamed = await t.call('PATCH', ADA, `/api/events/${eves}`, { title: 'Renamed by the admin' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renamed by the admin', visibility: 'pod', podId });
    expect((await t.call('PATCH', EVE, `/api/events/${eventId}`, { title: 'Mine' })).statusCode).toBe(403);
    expect(
      (await t.call('PATCH', EVE, `/api/events/${eves}`, { visibility: 'public' })).json(),
    ).toMatchObject({
      visibility: 'pod',
    });
  });

  it("a pod event's document is deleted by its uploader or the pod's admins; other members 403, outsiders 404", async () => {
    const eventUpload = (email: string, id: number, name: string) =>
      uploadTo(email, `/api/events/${id}/files`, name, PDF_BYTES);
    const evesEvent = (await createPodEvent(EVE, podId, 'Eve’s documents', 9)).json().id;
    // ada, the pod's admin (not the organizer), deletes the file eve uploaded to eve's event
    const evesFile = (await eventUpload(EVE, evesEvent, 'Agenda.pdf')).json().id;
    expect((await t.call('DELETE', MAX, `/api/events/${evesEvent}/files/${evesFile}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', ADA, `/api/events/${evesEvent}/files/${evesFile}`)).statusCode).toBe(204);
    // on ada's event eve, an attendee, deletes her own file but not ada's
    expect(
      (await t.call('PUT', EVE, `/api/events/${eventId}/attendees/me`, { status: 'attending' })).statusCode,
    ).toBe(200);
    const own = await eventUpload(EVE, eventId, 'Notes.pdf');
    expect(own.statusCode, own.body).toBe(201);
    const adas = (await eventUpload(ADA, eventId, 'Minutes.pdf')).json().id;
    expect((await t.call('DELETE', EVE, `/api/events/${eventId}/files/${adas}`)).statusCode).toBe(403);
    expect((await t.call('DELETE', EVE, `/api/events/${eventId}/files/${own.json().id}`)).statusCode).toBe(
      204,
    );
    const left = (await t.call('GET', EVE, `/api/events/${eventId}/files`)).json().data;
    expect(left.map((f: { name: string }) => f.name)).toEqual(['Minutes.pdf']);
  });

  it('the admin revokes an invitation once; it leaves the list', async () => {
    expect((await t.call('DELETE', ADA, `/api/pods/${podId}/invitations/${invitationId}`)).statusCode).toBe(
      204,
    );
    expect((await t.call('DELETE', ADA, `/api/pods/${podId}/invitations/${invitationId}`)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', ADA, `/api/pods/${podId}/invitations`)).json().total).toBe(0);
  });
});

describe('search: the pods kind and pod events', () => {
  const hits = async (email: string, q: string, kinds: string) => {
    const res = await t.call('GET', email, `/api/search?q=${encodeURIComponent(q)}&kinds=${kinds}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().groups[0].items as { id: number; subtitle: string; link: string }[];
  };

  it('finds open pods for approved users, secret ones only for members, every pod for a platform admin', async () => {
    const open = await seededPod('Heads of Talent');
    const secret = await seededPod('DEI Data Working Group');
    expect(await hits(MAX, 'talent', 'pods')).toMatchObject([{ id: open, link: `/pods/${open}` }]);
    expect(await hits(MAX, 'working group', 'pods')).toEqual([]);
    expect(await hits(ADA, 'working group', 'pods')).toMatchObject([
      { id: secret, subtitle: 'Secret pod · 3 members' },
    ]);
    expect(await hits(ADMIN, 'working group', 'pods')).toHaveLength(1);
  });

  it('finds a pod’s event for its members only, opening on the pod’s page', async () => {
    const pod = await seededPod('Emerging Managers Programme');
    const found = await hits(EVE, 'programme call', 'events');
    expect(found[0]!.link).toMatch(new RegExp(`^/pods/${pod}/events/\\d+$`));
    expect(await hits(MAX, 'programme call', 'events')).toEqual([]);
  });
});

describe('the feed pages by keyset; mail preferences and the digest', () => {
  let podId: number;

  beforeAll(async () => {
    podId = (await t.call('POST', EVE, '/api/pods', { name: 'Paging pod', visibility: 'open' })).json().id;
    await t.call('POST', ADA, `/api/pods/${podId}/join`);
  });

  it('pages newest first with nextBefore until the end', async () => {
    for (let i = 1; i <= 5; i++) await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: `Post ${i}` });
    const first = (await t.call('GET', ADA, `/api/pods/${podId}/feed?limit=3`)).json();
    expect(first.data.map((e: { body: string }) => e.body)).toEqual(['Post 5', 'Post 4', 'Post 3']);
    expect(first.total).toBe(6);
    const second = (
      await t.call('GET', ADA, `/api/pods/${podId}/feed?limit=3&before=${first.nextBefore}`)
    ).json();
    expect(second.data.map((e: { kind: string }) => e.kind)).toEqual(['post', 'post', 'member_joined']);
    expect(second.nextBefore).toBeNull();
    const past = (await t.call('GET', ADA, `/api/pods/${podId}/feed?before=1`)).json();
    expect(past).toEqual({ data: [], total: 6, nextBefore: null });
    expect((await t.call('GET', ADA, `/api/pods/${podId}/feed?before=-3`)).statusCode).toBe(400);
  });

  it('a member on the daily digest gets one mail with the day’s posts; off gets none', async () => {
    expect(
      (await t.call('PUT', ADA, `/api/pods/${podId}/mail-preference`, { mailPreference: 'weekly' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call('PUT', MAX, `/api/pods/${podId}/mail-preference`, { mailPreference: 'off' })).statusCode,
    ).toBe(404);
    const set = await t.call('PUT', ADA, `/api/pods/${podId}/mail-preference`, { mailPreference: 'digest' });
    expect(set.json()).toEqual({ mailPreference: 'digest' });
    const mailed = (await mailsTo(ADA, /^Eve Castillo posted in Paging pod$/)).length;
    await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: 'Digest me' });
    await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: 'And me' });
    expect(await mailsTo(ADA, /^Eve Castillo posted in Paging pod$/)).toHaveLength(mailed);
    await t.app.db.execute(sql`INSERT INTO jobs (kind, payload, run_at) VALUES (${DIGEST_JOB}, '{}', now())`);
    await t.app.jobs.runDueJobs();
    const digest = await mailsTo(ADA, /^Your pods today: /);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('Paging pod: Eve Castillo posted in Paging pod');
    expect(
      await count(`SELECT count(*)::int AS n FROM pod_digest_items WHERE user_id = ${userId(ADA)}`),
    ).toBe(0);
    await t.call('PUT', ADA, `/api/pods/${podId}/mail-preference`, { mailPreference: 'off' });
    await t.call('POST', EVE, `/api/pods/${podId}/posts`, { body: 'Silent' });
    await t.app.jobs.runDueJobs();
    expect(
      await count(`SELECT count(*)::int AS n FROM pod_digest_items WHERE user_id = ${userId(ADA)}`),
    ).toBe(0);
    expect(await mailsTo(ADA, /^Eve Castillo posted in Paging pod$/)).toHaveLength(mailed);
  });

  it('one mail per post: mail or digest chosen in the notification centre is the only mail; off is none', async () => {
    const pod = (await t.call('POST', EVE, '/api/pods', { name: 'One mail pod', visibility: 'open' })).json()
      .id;
    await t.call('POST', MIA, `/api/pods/${pod}/join`);
    const centre = (delivery: string) =>
      t.call('PUT', MIA, '/api/notifications/preferences', { preferences: [{ kind: 'pod_post', delivery }] });
    const subject = /^Eve Castillo posted in One mail pod$/;
    const podMails = async () =>
      count(
        `SELECT count(*)::int AS n FROM jobs WHERE kind = 'pods.mail' AND payload->>'to' = '${MIA}' AND payload->>'subject' = 'Eve Castillo posted in One mail pod'`,
      );
    // the pod says every post, the centre mail at once: the notification's mail is the one mail
    expect((await centre('mail')).statusCode).toBe(200);
    await t.call('POST', EVE, `/api/pods/${pod}/posts`, { body: 'First' });
    await until(async () => (await mailsTo(MIA, subject)).length > 0, 'the post’s mail');
    await t.app.jobs.runDueJobs();
    expect(await mailsTo(MIA, subject)).toHaveLength(1);
    expect(await podMails()).toBe(0);
    // the centre's digest: its daily digest carries the post, the pod's digest does not
    await t.call('PUT', MIA, `/api/pods/${pod}/mail-preference`, { mailPreference: 'digest' });
    await centre('digest');
    await t.call('POST', EVE, `/api/pods/${pod}/posts`, { body: 'Second' });
    const items = `SELECT count(*)::int AS n FROM pod_digest_items WHERE user_id = ${userId(MIA)}`;
    expect(await count(items)).toBe(0);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId(MIA)} AND kind = 'pod_post' AND mail_status = 'digest'`,
      ),
    ).toBe(1);
    // off in the centre: neither a notification nor the pod's mail
    await t.call('PUT', MIA, `/api/pods/${pod}/mail-preference`, { mailPreference: 'every' });
    await centre('off');
    await t.call('POST', EVE, `/api/pods/${pod}/posts`, { body: 'Third' });
    expect(await podMails()).toBe(0);
    // in-app only (the default): the pod's preference mails it, once
    await centre('in_app');
    await t.call('POST', EVE, `/api/pods/${pod}/posts`, { body: 'Fourth' });
    expect(await podMails()).toBe(1);
    await t.app.jobs.runDueJobs();
    expect(await mailsTo(MIA, subject)).toHaveLength(2);
    expect(await count(items)).toBe(0);
  });

  it('writes are audited', async () => {
    expect(
      await count(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'pod' AND entity_id = '${podId}'`),
    ).toBeGreaterThanOrEqual(5);
  });
});
