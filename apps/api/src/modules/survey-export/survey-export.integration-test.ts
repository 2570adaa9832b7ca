import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cellText, ZResponseDocument } from '@parity/domain/survey-response-document';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/people';
import { individuals, tabStates } from '../../db/schema/reporting';
import { surveyInvitations, surveys } from '../../db/schema/surveys';
import { readSheet } from '../../lib/spreadsheet/read-sheet';
import { ACME, CEDAR, NORTHWIND } from '../../seed/demo';
import { DEI_SURVEY_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { answerWithFormulas, FORMULA_TEXTS, NEGATIVE_QUESTION, readSheetCells } from '../../test/exports';
import { whileSubmitted } from '../../test/survey-submit';

let t: TestApp;
let acme: number;
let cedar: number;
let dei: number;
let ownerName: string;
const tokens = new Map<string, string>();
const users = new Map<string, number>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-survey-export-'));

const ADA = 'ada@acme.test'; // Acme admin with LPI access
const MAX = 'max@acme.test'; // Acme member without LPI access
const EVE = 'eve@cedar.test'; // Cedar admin (another respondent)
const HOST = 'host@northwind.test'; // Northwind hosts the survey
const ADMIN = 'admin@parity.test';
const PENDING = 'pending@acme.test';
const STEP_IDS = [1, 2, 3, 4, 5, 11, 6, 7, 8, 10];

beforeAll(async () => {
  t = await createDemoTestApp({ dataDir });
  const seeded = demoOf(t);
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  for (const [email, userId] of seeded.users) {
    users.set(email, userId);
    tokens.set(email, await sessionToken(t, userId));
  }
  // Ada opens the Ownership and Senior Leadership step: its survey copy is made (ready for export).
  const ownership = await call(ADA, `/api/ownership?organization_id=${acme}&survey_id=${dei}`);
  expect(ownership.statusCode).toBe(200);
  ownerName = ownership.json().data.rows[0].name;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function call(email: string | null, url: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: email ? { authorization: `Bearer ${tokens.get(email)}` } : {},
  });
}

const xlsx = (surveyId: number, query = '') => `/api/surveys/${surveyId}/export.xlsx${query}`;
const pdf = (surveyId: number, query = '') => `/api/surveys/${surveyId}/export.pdf${query}`;
const printable = (surveyId: number, query = '') => `/api/surveys/${surveyId}/export.json${query}`;

/** The standard PDF fonts' encoding (WinAnsi) where it is not latin1: dashes, quotes and ›. */
const WIN_ANSI: Record<number, string> = {
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  155: '›',
};
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

/** The text a PDF shows: each text operation's hex strings decoded (uncompressed content). */
function pdfText(buffer: Buffer): string {
  const lines: string[] = [];
  for (const match of buffer.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const parts = [...match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => winAnsi(Buffer.from(m[1]!, 'hex')));
    lines.push(parts.join(''));
  }
  return lines.join('\n');
}

const pageCount = (buffer: Buffer) => buffer.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

async function summaryOf(buffer: Buffer) {
  const { rows } = await readSheet(buffer, {
    sheetName: 'Summary',
    columns: [
      { key: 'field', header: 'Field' },
      { key: 'value', header: 'Value' },
    ],
  });
  return new Map(rows.map((r) => [String(r.values.field), r.values.value]));
}

async function columnA(buffer: Buffer, sheetName: string) {
  const { rows } = await readSheet(buffer, { sheetName, columns: [{ key: 'a', header: sheetName }] });
  return rows.map((r) => r.values.a);
}

async function surveyCopyRows(organizationId: number) {
  const [row] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tabStates)
    .where(and(eq(tabStates.organization_id, organizationId), eq(tabStates.survey_id, dei)));
  return row!.n;
}

describe('who may export a survey response', () => {
  it('answers 401 without a token and 403 to a pending member', async () => {
    expect((await call(null, xlsx(dei))).statusCode).toBe(401);
    expect((await call(null, pdf(dei))).statusCode).toBe(401);
    expect((await call(null, printable(dei))).statusCode).toBe(401);
    expect((await call(PENDING, printable(dei))).statusCode).toBe(403);
    expect((await call(PENDING, xlsx(dei))).statusCode).toBe(403);
  });

  it("answers 404 to another organization's member and to a survey the organization is not invited to", async () => {
    expect((await call(EVE, xlsx(dei, `?organization_id=${acme}`))).statusCode).toBe(404);
    expect((await call(EVE, pdf(dei, `?organization_id=${acme}`))).statusCode).toBe(404);
    expect((await call(EVE, printable(dei, `?organization_id=${acme}`))).statusCode).toBe(404);
    expect((await call(ADA, xlsx(999_999))).statusCode).toBe(404);
    // The host's own organization is not a respondent of its survey.
    expect((await call(HOST, xlsx(dei))).statusCode).toBe(404);
  });

  it('answers 404 to the host of another survey', async () => {
    // Cedar hosts a survey of its own and Eve is its survey host: Acme's response to Northwind's stays hidden.
    const [own] = await t.app.db
      .insert(surveys)
      .values({
        organization_id: cedar,
        survey_type_id: 2,
        title: 'Cedar survey',
        start: '2026-01-01',
        due: '2099-12-31',
      })
      .returning({ id: surveys.id });
    await t.app.db.insert(surveyInvitations).values({ survey_id: own!.id, organization_id: acme });
    await t.app.db
      .update(memberships)
      .set({ user_manage_surveys: true })
      .where(eq(memberships.user_id, users.get(EVE)!));
    expect((await call(EVE, xlsx(dei, `?organization_id=${acme}`))).statusCode).toBe(404);
    expect((await call(EVE, pdf(dei, `?organization_id=${acme}`))).statusCode).toBe(404);
    // ...while her own survey's respondent is hers to read.
    const ownUrl = xlsx(own!.id, `?organization_id=${acme}`);
    expect((await whileSubmitted(t.app.db, own!.id, acme, () => call(EVE, ownUrl))).statusCode).toBe(200);
  });

  it('refuses bad input with 400', async () => {
    expect((await call(ADA, '/api/surveys/abc/export.xlsx')).statusCode).toBe(400);
    expect((await call(ADA, '/api/surveys/0/export.pdf')).statusCode).toBe(400);
    expect((await call(ADA, xlsx(dei, '?organization_id=x'))).statusCode).toBe(400);
    expect((await call(ADA, pdf(dei, '?organization_id=-1'))).statusCode).toBe(400);
    expect((await call(ADA, '/api/surveys/abc/export.json')).statusCode).toBe(400);
    expect((await call(ADA, printable(dei, '?organization_id=x'))).statusCode).toBe(400);
    expect((await call(ADA, xlsx(dei, '?format=csv'))).statusCode).toBe(400);
  });

  it("lets the organization's members, the host and platform admins read it, without making a survey copy", async () => {
    const before = await surveyCopyRows(acme);
    // #20: the host reads nothing of a response before it is submitted
    expect((await call(HOST, xlsx(dei, `?organization_id=${acme}`))).statusCode).toBe(404);
    expect((await call(HOST, pdf(dei, `?organization_id=${acme}`))).statusCode).toBe(404);
    await whileSubmitted(t.app.db, dei, acme, async () => {
      for (const [email, query] of [
        [ADA, ''],
        [MAX, ''],
        [HOST, `?organization_id=${acme}`],
        [ADMIN, `?organization_id=${acme}`],
      ] as const) {
        const res = await call(email, xlsx(dei, query));
        expect(res.statusCode, email).toBe(200);
        expect(res.headers['content-type']).toContain('spreadsheetml');
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="2026-DEI-Survey-Acme-Capital-Partners\.xlsx"$/,
        );
      }
    });
    expect(await surveyCopyRows(acme)).toBe(before);
  });
});

describe('the .xlsx', () => {
  it('reads back: the summary, a sheet per requested step, the owners listed', async () => {
    const res = await whileSubmitted(t.app.db, dei, acme, () =>
      call(HOST, xlsx(dei, `?organization_id=${acme}`)),
    );
    const buffer = res.rawPayload;
    const summary = await summaryOf(buffer);
    expect(summary.get('Organization')).toBe('Acme Capital Partners');
    expect(summary.get('Survey')).toBe(DEI_SURVEY_2026);
    expect(summary.get('Host')).toBe(NORTHWIND);
    expect(summary.get('Status')).toBe('Active');
    expect(summary.get('Step 1')).toBe('Overview');
    expect(summary.get(`Step ${STEP_IDS.length}`)).toBe('Miscellaneous');
    const owners = await columnA(buffer, 'Ownership and Senior Leadership');
    expect(owners).toContain(ownerName);
    // A step never opened in the survey says so.
    expect((await columnA(buffer, 'Board Members')).join(' ')).toMatch(/Not started in this survey/);
    // A step's name longer than a sheet name may be loses its parenthesis, not half a word; the
    // sheet's first line keeps the whole name.
    const insights = await readSheetCells(buffer, 'Historical Insights');
    expect(insights[0]?.[0]?.value).toBe('Historical Insights (Past 3 Years)');
  });

  it('prints a grid with its totals once the step is opened', async () => {
    expect((await call(ADA, `/api/staff?organization_id=${acme}&survey_id=${dei}`)).statusCode).toBe(200);
    const buffer = (await call(ADA, xlsx(dei))).rawPayload;
    const column = await columnA(buffer, 'Total Full-Time Employees');
    expect(column).toContain('Race/Ethnicity');
    expect(column).toContain('Total');
  });
});

describe('formula injection (OWASP CSV injection)', () => {
  it('writes formula-like answers as text with a leading quote; a negative number stays a number', async () => {
    await answerWithFormulas(t.app, tokens.get(ADA)!, dei);
    const rows = await readSheetCells(
      (await whileSubmitted(t.app.db, dei, acme, () => call(HOST, xlsx(dei, `?organization_id=${acme}`))))
        .rawPayload,
      'Miscellaneous',
    );
    const answerOf = (question: string) => rows.find((row) => row[0]?.value === question)?.[1];
    // The export prints formatted text trimmed: a leading tab or carriage return is dropped.
    const shown = FORMULA_TEXTS.map((text) => (text.trim() === text ? `'${text}` : text.trim()));
    expect(FORMULA_TEXTS.map((_, i) => answerOf(`Formula ${i + 1}`)?.value)).toEqual(shown);
    for (const [i] of FORMULA_TEXTS.entries()) {
      expect(answerOf(`Formula ${i + 1}`)?.type).toBe(ExcelJS.ValueType.String);
    }
    expect(answerOf(`'${NEGATIVE_QUESTION}`)).toEqual({ value: -2, type: ExcelJS.ValueType.Number });
  });
});

describe('the PDF', () => {
  it('is a paginated PDF naming the organization and the survey', async () => {
    const res = await call(ADA, pdf(dei));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const buffer = res.rawPayload;
    expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(buffer)).toBeGreaterThan(0);
    const text = pdfText(buffer);
    expect(text).toContain('Acme Capital Partners');
    expect(text).toContain(DEI_SURVEY_2026);
    expect(text).toContain('Ownership and Senior Leadership');
    expect(text).toContain(ownerName);
  });

  it('prints the same sections and values as the printable page (export.json), in the same order', async () => {
    const res = await call(ADA, printable(dei));
    expect(res.statusCode).toBe(200);
    const document = ZResponseDocument.parse(res.json());
    // The whole journey's steps are shown, with the values people entered (names, not ids).
    expect(document.sections.map((s) => s.title)).toContain('Ownership and Senior Leadership');
    const cells = document.sections.flatMap((s) =>
      s.blocks.flatMap((b) =>
        b.kind === 'fields'
          ? b.rows.flat()
          : b.kind === 'table'
            ? [...b.columns, ...b.rows.flat(), ...(b.totals ?? [])]
            : [b.text],
      ),
    );
    expect(cells).toContain(ownerName);
    // Line breaks inside a table cell split its text: compare without white space.
    const squash = (value: string) => value.replace(/\s+/g, '');
    const text = squash(pdfText((await call(ADA, pdf(dei))).rawPayload));
    let from = 0;
    for (const section of document.sections) {
      const at = text.indexOf(squash(section.title), from);
      expect(at, section.title).toBeGreaterThanOrEqual(from);
      from = at;
    }
    for (const [label = null, value = null] of document.heading) {
      expect(text).toContain(squash(cellText(label)));
      expect(text).toContain(squash(cellText(value)));
    }
    for (const cell of cells) expect(text, String(cell)).toContain(squash(cellText(cell)));
  });
});

describe('after submit', () => {
  it('prints the submission snapshot, not later changes to the survey copy', async () => {
    for (const tabId of STEP_IDS) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/surveys/${dei}/mark-complete/${tabId}`,
        headers: { authorization: `Bearer ${tokens.get(ADA)}` },
        // Acme's demo ownership does not add up (58.95%): its step is marked complete with a note.
        payload: tabId === 3 ? { completed: true, note: 'Two owners left in March.' } : { completed: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const submit = await t.app.inject({
      method: 'POST',
      url: `/api/surveys/${dei}/submit`,
      headers: { authorization: `Bearer ${tokens.get(ADA)}` },
      payload: { accept_terms: true },
    });
    expect(submit.statusCode).toBe(200);
    // A change behind the API's back to the frozen copy is not what was submitted.
    await t.app.db
      .update(individuals)
      .set({ name: 'Changed After Submit' })
      .where(and(eq(individuals.organization_id, acme), eq(individuals.survey_id, dei)));
    const buffer = (await call(HOST, xlsx(dei, `?organization_id=${acme}`))).rawPayload;
    const summary = await summaryOf(buffer);
    expect(summary.get('Status')).toBe('Submitted');
    expect(summary.get('Submitted')).toBe(new Date().toISOString().slice(0, 10));
    const owners = await columnA(buffer, 'Ownership and Senior Leadership');
    expect(owners).toContain(ownerName);
    expect(owners).not.toContain('Changed After Submit');
    const text = pdfText((await call(ADA, pdf(dei))).rawPayload);
    expect(text).toContain(ownerName);
    expect(text).not.toContain('Changed After Submit');
    // The note given at Mark Complete travels with the step's figures: printable page, .xlsx, PDF.
    const note = "Respondent's note on this step's figures: Two owners left in March.";
    expect(owners).toContain(note);
    expect(text.replace(/\s+/g, ' ')).toContain(note);
    const printed = (await call(HOST, printable(dei, `?organization_id=${acme}`))).json();
    const ownership = printed.sections.find((s: { id: number }) => s.id === 3);
    expect(ownership.blocks[0]).toEqual({ kind: 'note', text: note });
  });
});
