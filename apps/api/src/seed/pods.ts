import type { TRecurrence } from '@parity/domain/calendar/events';
import type { TPodVisibility } from '@parity/domain/pods/pods';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { fromWallTime, rruleText, seriesEnd } from '../modules/calendar/recurrence';
import type { Storage } from '../plugins/storage';

interface DemoPod {
  name: string;
  description: string;
  rules: string;
  visibility: TPodVisibility;
  admins: string[];
  members: string[];
  /** [author, text, replies as [author, text]] */
  posts: [string, string, [string, string][]][];
  files: { name: string; owner: string; text: string }[];
  event?: {
    key: string;
    title: string;
    description: string;
    organizer: string;
    /** days from today (UTC) and the wall time in the zone */
    day: number;
    time: string;
    minutes: number;
    timeZone: string;
    videoUrl: string;
    recurrence: TRecurrence;
    attending: string[];
  };
}

const PODS: DemoPod[] = [
  {
    name: 'Emerging Managers Programme',
    description:
      'The managers of Northwind’s emerging managers programme: what works in building a diverse team while raising a first fund.',
    rules: 'What is said in the pod stays in the pod. Share documents you may share. Be kind.',
    visibility: 'invite-only',
    admins: ['host@northwind.test'],
    members: ['ada@acme.test', 'eve@cedar.test'],
    posts: [
      [
        'host@northwind.test',
        '<p>Welcome to the programme’s pod. The <strong>monthly call</strong> is in Events; the reporting template is in Files.</p>',
        [['ada@acme.test', '<p>Thanks Nora, see you on the call.</p>']],
      ],
      [
        'eve@cedar.test',
        '<p>How do you structure carry for a first-time partner? Our draft policy is in Files.</p>',
        [
          ['host@northwind.test', '<p>Several managers vest it over five years; happy to compare notes.</p>'],
          ['ada@acme.test', '<p>We did four years with a one-year cliff.</p>'],
        ],
      ],
    ],
    files: [
      {
        name: 'Programme reporting template.csv',
        owner: 'host@northwind.test',
        text: 'quarter,hires,women_in_investment_roles,notes\n2026-Q1,,,\n',
      },
      {
        name: 'Carry policy draft.txt',
        owner: 'eve@cedar.test',
        text: 'Carry policy (draft)\n\nVesting: five years, annual.\n',
      },
    ],
    event: {
      key: 'pod-emerging-managers-call',
      title: 'Programme call',
      description: '<p>Monthly call of the programme: one manager presents, then questions.</p>',
      organizer: 'host@northwind.test',
      day: 3,
      time: '16:00',
      minutes: 60,
      timeZone: 'Europe/Berlin',
      videoUrl: 'https://meet.example.org/emerging-managers',
      recurrence: { freq: 'monthly', interval: 1, count: 12 },
      attending: ['host@northwind.test', 'ada@acme.test'],
    },
  },
  {
    name: 'Heads of Talent',
    description: 'Heads of talent of several firms: hiring, retention and pay equity in investment teams.',
    rules: 'No recruiting of each other’s staff through the pod.',
    visibility: 'open',
    admins: ['eve@cedar.test'],
    members: ['ada@acme.test', 'mfa@acme.test'],
    posts: [
      [
        'eve@cedar.test',
        '<p>Which structured interview guides do you use for analysts?</p>',
        [['mfa@acme.test', '<p>We score four competencies with anchored scales.</p>']],
      ],
      ['ada@acme.test', '<p>Our pay-equity review found gaps at VP level; the method is in Files.</p>', []],
    ],
    files: [
      {
        name: 'Pay equity review method.txt',
        owner: 'ada@acme.test',
        text: 'Pay equity review\n\n1. Group roles by level.\n2. Compare base and bonus.\n',
      },
    ],
    event: {
      key: 'pod-heads-of-talent-roundtable',
      title: 'Talent roundtable',
      description: '<p>Weekly half-hour roundtable.</p>',
      organizer: 'eve@cedar.test',
      day: 1,
      time: '15:00',
      minutes: 30,
      timeZone: 'America/New_York',
      videoUrl: 'https://meet.example.org/heads-of-talent',
      recurrence: { freq: 'weekly', interval: 1, count: 10 },
      attending: ['eve@cedar.test', 'mfa@acme.test'],
    },
  },
  {
    name: 'DEI Data Working Group',
    description: 'A working group on the definitions behind the DEI survey’s questions.',
    rules: 'Drafts only; nothing here is final.',
    visibility: 'secret',
    admins: ['ada@acme.test'],
    members: ['host@northwind.test', 'eve@cedar.test'],
    posts: [
      [
        'ada@acme.test',
        '<p>Proposal: count <em>decision makers</em> as voting members of the investment committee only.</p>',
        [['host@northwind.test', '<p>Agreed for 2027; we keep 2026 as asked.</p>']],
      ],
    ],
    files: [],
  },
];

const fileKey = (pod: string, name: string) =>
  `pods/demo/${`${pod}-${name}`.toLowerCase().replace(/[^a-z0-9.]+/g, '-')}`;

/**
 * The demo pods (issue 16): three pods with members of Northwind, Acme and Cedar, posts with
 * replies, files and a recurring pod event each for two of them. max@acme.test is in none.
 * Seeded once (keyed by the pods' names); the files' bytes are written by `writeDemoPodFiles`.
 */
export async function seedPods(tx: Tx, users: Map<string, number>, today = new Date()) {
  const existing = await tx.execute(sql`SELECT 1 FROM pods WHERE name = ${PODS[0]!.name} LIMIT 1`);
  if ((existing as unknown as { rows: unknown[] }).rows.length) return;
  const id = (email: string) => users.get(email)!;
  const day0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (const pod of PODS) {
    const inserted = await tx.execute(sql`
      INSERT INTO pods (name, description, rules, visibility, created_by, created_at)
      VALUES (${pod.name}, ${pod.description}, ${pod.rules}, ${pod.visibility}, ${id(pod.admins[0]!)},
        now() - interval '30 days') RETURNING id`);
    const podId = (inserted as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const people: [string, 'admin' | 'member'][] = [
      ...pod.admins.map((e): [string, 'admin'] => [e, 'admin']),
      ...pod.members.map((e): [string, 'member'] => [e, 'member']),
    ];
    for (const [email, role] of people) {
      await tx.execute(sql`INSERT INTO pod_members (pod_id, user_id, status, role, joined_at)
        VALUES (${podId}, ${id(email)}, 'active', ${role}, now() - interval '29 days')`);
    }
    for (const [email] of people.slice(1)) {
      await tx.execute(sql`INSERT INTO pod_posts (pod_id, kind, author_id, created_at)
        VALUES (${podId}, 'member_joined', ${id(email)}, now() - interval '29 days')`);
    }
    for (const file of pod.files) {
      const bytes = Buffer.from(file.text);
      const created = await tx.execute(sql`
        INSERT INTO files (owner_user_id, kind, original_name, content_type, size, storage_key)
        VALUES (${id(file.owner)}, 'pod_document', ${file.name},
          ${file.name.endsWith('.csv') ? 'text/csv' : 'text/plain'}, ${bytes.length}, ${fileKey(pod.name, file.name)})
        RETURNING id`);
      const fileId = (created as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await tx.execute(sql`INSERT INTO pod_files (pod_id, file_id) VALUES (${podId}, ${fileId})`);
      await tx.execute(sql`INSERT INTO pod_posts (pod_id, kind, author_id, file_id, created_at)
        VALUES (${podId}, 'file_added', ${id(file.owner)}, ${fileId}, now() - interval '20 days')`);
    }
    if (pod.event) {
      const e = pod.event;
      const [hh, mm] = e.time.split(':').map(Number) as [number, number];
      const start = fromWallTime(new Date(day0 + e.day * 86_400_000 + (hh * 60 + mm) * 60_000), e.timeZone);
      const end = new Date(start.getTime() + e.minutes * 60_000);
      const event = await tx.execute(sql`
        INSERT INTO events (uid, title, description, start_at, end_at, time_zone, video_url, visibility, pod_id,
          organizer_id, rrule, recurrence, series_end_at)
        VALUES (${`demo-${e.key}@parity`}, ${e.title}, ${e.description}, ${start.toISOString()}::timestamptz,
          ${end.toISOString()}::timestamptz, ${e.timeZone}, ${e.videoUrl}, 'pod', ${podId}, ${id(e.organizer)},
          ${rruleText(e.recurrence, start, e.timeZone)}, ${JSON.stringify(e.recurrence)}::jsonb,
          ${seriesEnd(e.recurrence, start, e.timeZone, e.minutes * 60_000)?.toISOString() ?? null}::timestamptz)
        RETURNING id`);
      const eventId = (event as unknown as { rows: { id: number }[] }).rows[0]!.id;
      for (const email of e.attending) {
        await tx.execute(sql`INSERT INTO event_attendees (event_id, user_id, status, responded_at)
          VALUES (${eventId}, ${id(email)}, 'attending', now())`);
      }
      await tx.execute(sql`INSERT INTO pod_posts (pod_id, kind, author_id, event_id, created_at)
        VALUES (${podId}, 'event_created', ${id(e.organizer)}, ${eventId}, now() - interval '10 days')`);
    }
    let hoursAgo = 72;
    for (const [author, body, replies] of pod.posts) {
      const post = await tx.execute(sql`INSERT INTO pod_posts (pod_id, kind, author_id, body, created_at)
        VALUES (${podId}, 'post', ${id(author)}, ${body}, now() - make_interval(hours => ${hoursAgo})) RETURNING id`);
      const postId = (post as unknown as { rows: { id: number }[] }).rows[0]!.id;
      hoursAgo -= 1;
      for (const [replier, text] of replies) {
        await tx.execute(sql`INSERT INTO pod_posts (pod_id, parent_id, kind, author_id, body, created_at)
          VALUES (${podId}, ${postId}, 'post', ${id(replier)}, ${text}, now() - make_interval(hours => ${hoursAgo}))`);
        hoursAgo -= 1;
      }
      hoursAgo -= 20;
    }
  }
}

/**
 * Writes the bytes of the demo pods' files whose rows the database holds, where the storage lacks
 * them: `seedDemoData` has only the database, so the seeding step (seed/start.ts) calls this after it.
 */
export async function writeDemoPodFiles(db: Db, storage: Storage) {
  const result = await db.execute(sql`SELECT storage_key FROM files WHERE storage_key LIKE 'pods/demo/%'`);
  const seeded = new Set(
    (result as unknown as { rows: { storage_key: string }[] }).rows.map((r) => r.storage_key),
  );
  for (const pod of PODS) {
    for (const file of pod.files) {
      const key = fileKey(pod.name, file.name);
      if (!seeded.has(key)) continue;
      const stored = await storage.get(key);
      if (stored) {
        // present: the stream is not read, and a late error of its opening no longer matters
        stored.on('error', () => {}).destroy();
        continue;
      }
      await storage.put(key, Buffer.from(file.text), file.name.endsWith('.csv') ? 'text/csv' : 'text/plain');
    }
  }
}
