import { PassThrough } from 'node:stream';
import { historicalTypeLabel, investmentTypeLabel } from '@parity/domain/lpi/grids';
import { neutraliseCell } from '@parity/domain/spreadsheet-cell';
import ExcelJS from 'exceljs';

/**
 * The hosted survey's report (GET /api/surveys/{id}/reports): every submitted response, read from
 * its submission snapshot, at the organization level. The host sees each respondent's answers and
 * scores, but never a row per person: ownership, leadership and board appear as counts only
 * (the privacy rule of DESIGN 11 on individuals' demographics).
 */

export const REPORT_SHEETS = {
  responses: 'Responses',
  grids: 'Grids',
  decisionMakers: 'Decision makers',
  board: 'Board',
  policies: 'Policies',
  practices: 'Practices',
  miscellaneous: 'Miscellaneous',
} as const;

export interface ReportResponse {
  organization_id: number;
  organization_name: string;
  submitted_at: Date | string;
  snapshot: unknown;
  scores: unknown;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const objects = (v: unknown): Json[] => asArray(v).filter(isObject);
function num(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const flag = (v: unknown) => v === true || v === 1 || v === '1';
const at = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), o);

/** The grids of the snapshot, each with its name (a tab holds one grid or a list of them). */
const GRID_TABS: [key: string, name: string][] = [
  ['staff', 'Total full-time employees'],
  ['us_staff', 'Total full-time employees (US-based)'],
  ['insights', 'Historical insights'],
  ['investment', 'Investment staff'],
  ['us_investment', 'Investment staff (US-based)'],
  ['committee', 'Investment committee'],
  ['us_committee', 'Investment committee (US-based)'],
];

/** A form answer as text: Yes/No, the chosen option's name, an address's description. */
function answerOf(input: Json): string | number | null {
  const value = input.value;
  if (value === null || value === undefined || value === '') return null;
  const options = objects(input.options);
  const optionName = (id: unknown) => text(options.find((o) => o.id === id)?.name) ?? String(id);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(optionName).join(', ');
  if (options.length && (typeof value === 'number' || typeof value === 'string')) return optionName(value);
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (isObject(value)) {
    return text(value.description) ?? text(at(value, 'details', 'description')) ?? JSON.stringify(value);
  }
  return String(value);
}

function formRows(form: unknown): { section: string; question: string; answer: string | number | null }[] {
  return objects(at(form, 'sections')).flatMap((section) =>
    objects(section.inputs).map((input) => ({
      section: text(section.name) ?? '',
      question: text(input.label) ?? text(input.display) ?? String(input.id ?? ''),
      answer: answerOf(input),
    })),
  );
}

type Row = Record<string, string | number | null>;
type Column = { header: string; key: string; width?: number };

/** A sheet of the report: its columns, the snapshot tabs it reads, and its rows for one response. */
interface SheetSpec {
  name: string;
  /** the snapshot's tabs this sheet reads (the rest is not fetched); scores: the submission's scores too */
  tabs: readonly string[];
  scores?: boolean;
  columns: (genders: readonly { id: number; name: string }[]) => Column[];
  rows: (response: ReportResponse, organization: string, snapshot: Json, scores: Json) => Row[];
}

const formColumns = (): Column[] => [
  { header: 'Organization', key: 'organization', width: 36 },
  { header: 'Section', key: 'section', width: 32 },
  { header: 'Question', key: 'question', width: 60 },
  { header: 'Answer', key: 'answer', width: 40 },
];

const SHEETS: readonly SheetSpec[] = [
  {
    name: REPORT_SHEETS.responses,
    tabs: ['overview'],
    scores: true,
    columns: () => [
      { header: 'Organization', key: 'organization', width: 36 },
      { header: 'Submitted at', key: 'submitted_at', width: 22 },
      { header: 'Website', key: 'website', width: 30 },
      { header: 'Inception date', key: 'inception_date' },
      { header: 'Total full-time employees', key: 'total_full_time_employees' },
      { header: 'Total senior leadership', key: 'total_leaders' },
      { header: 'Total owners', key: 'total_owners' },
      { header: 'LPI', key: 'lpi' },
      { header: 'LPI prime', key: 'lpi_prime' },
      { header: 'Staff score', key: 'staff_score' },
      { header: 'Leadership score', key: 'leadership_score' },
      { header: 'Ownership score', key: 'ownership_score' },
      { header: 'Evenness (staff and leadership)', key: 'evenness_prime' },
      { header: 'Evenness (ownership)', key: 'evenness_ownership' },
    ],
    rows: (response, organization, snapshot, scores) => {
      const overview = isObject(snapshot.overview) ? snapshot.overview : {};
      const submittedAt =
        response.submitted_at instanceof Date ? response.submitted_at : new Date(response.submitted_at);
      return [
        {
          organization,
          submitted_at: submittedAt.toISOString().replace('T', ' ').slice(0, 16),
          website: text(overview.website),
          inception_date: text(overview.inception_date),
          total_full_time_employees: num(overview.total_full_time_employees),
          total_leaders: num(overview.total_leaders),
          total_owners: num(overview.total_owners),
          lpi: num(scores.lpi),
          lpi_prime: num(scores.lpi_prime),
          staff_score: num(scores.staff_score),
          leadership_score: num(scores.leadership_score),
          ownership_score: num(scores.ownership_score),
          evenness_prime: num(at(scores, 'evenness', 'prime', 'combined', 'value')),
          evenness_ownership: num(at(scores, 'evenness', 'ownership', 'combined', 'value')),
        },
      ];
    },
  },
  {
    name: REPORT_SHEETS.grids,
    tabs: GRID_TABS.map(([key]) => key),
    columns: (genders) => [
      { header: 'Organization', key: 'organization', width: 36 },
      { header: 'Grid', key: 'grid', width: 36 },
      { header: 'Year', key: 'year' },
      { header: 'Type', key: 'type' },
      { header: 'Race/Ethnicity', key: 'ethnicity', width: 40 },
      ...genders.map((g) => ({ header: g.name, key: `g${g.id}` })),
      { header: 'Total', key: 'total' },
    ],
    rows: (_response, organization, snapshot) => {
      const rows: Row[] = [];
      for (const [key, name] of GRID_TABS) {
        const tab = snapshot[key];
        const list =
          isObject(tab) && Array.isArray(tab.grids) ? objects(tab.grids) : isObject(tab) ? [tab] : [];
        for (const grid of list) {
          const type = num(grid.type);
          const typeName =
            type === null
              ? null
              : (key === 'insights' ? historicalTypeLabel(type) : investmentTypeLabel(type)) || String(type);
          for (const row of objects(grid.rows)) {
            const values: Row = {
              organization,
              grid: name,
              year: num(grid.year),
              type: typeName,
              ethnicity: text(row.name) ?? String(row.ethnicity_id ?? ''),
            };
            let total = 0;
            for (const cell of objects(row.genders)) {
              const value = num(cell.value) ?? 0;
              values[`g${cell.id}`] = value;
              total += value;
            }
            values.total = total;
            rows.push(values);
          }
        }
      }
      return rows;
    },
  },
  {
    name: REPORT_SHEETS.decisionMakers,
    tabs: ['ownership'],
    columns: () => [
      { header: 'Organization', key: 'organization', width: 36 },
      { header: 'Owners', key: 'owners' },
      { header: 'Senior leaders', key: 'leaders' },
      { header: 'Total ownership (%)', key: 'ownership' },
    ],
    rows: (_response, organization, snapshot) => {
      const people = objects(at(snapshot, 'ownership', 'rows'));
      const owners = people.filter((p) => flag(p.is_owner));
      return [
        {
          organization,
          owners: owners.length,
          leaders: people.filter((p) => flag(p.is_senior_management)).length,
          ownership: Math.round(owners.reduce((sum, p) => sum + (num(p.ownership) ?? 0), 0) * 100) / 100,
        },
      ];
    },
  },
  {
    name: REPORT_SHEETS.board,
    tabs: ['board'],
    columns: () => [
      { header: 'Organization', key: 'organization', width: 36 },
      { header: 'Board members', key: 'members' },
    ],
    rows: (_response, organization, snapshot) => [
      { organization, members: objects(at(snapshot, 'board', 'rows')).length },
    ],
  },
  {
    name: REPORT_SHEETS.policies,
    tabs: ['policies'],
    columns: () => [
      { header: 'Organization', key: 'organization', width: 36 },
      { header: 'Policy', key: 'policy', width: 44 },
      { header: 'Status', key: 'status' },
      { header: 'Current as of', key: 'current_as_of' },
      { header: 'Established', key: 'established_at' },
      { header: 'Last reviewed', key: 'last_reviewed_at' },
    ],
    rows: (_response, organization, snapshot) =>
      objects(snapshot.policies).map((policy) => ({
        organization,
        policy: text(policy.name),
        status: text(policy.status),
        current_as_of: text(policy.current_as_of),
        established_at: text(policy.established_at),
        last_reviewed_at: text(policy.last_reviewed_at),
      })),
  },
  {
    name: REPORT_SHEETS.practices,
    tabs: ['practices'],
    columns: formColumns,
    rows: (_response, organization, snapshot) =>
      formRows(snapshot.practices).map((row) => ({ organization, ...row })),
  },
  {
    name: REPORT_SHEETS.miscellaneous,
    tabs: ['miscellaneous'],
    columns: formColumns,
    rows: (_response, organization, snapshot) => {
      const misc = snapshot.miscellaneous;
      return [
        ...formRows(isObject(misc) && isObject(misc.form) ? misc.form : misc).map((row) => ({
          organization,
          ...row,
        })),
        ...objects(at(misc, 'questions')).map((question) => ({
          organization,
          section: text(question.section) ?? 'Custom questions',
          question: text(question.display) ?? text(question.label) ?? '',
          answer: answerOf(question),
        })),
      ];
    },
  },
];

/** What a sheet asks of the responses: which snapshot tabs, and the scores or not. */
export interface ReportPart {
  tabs: readonly string[];
  scores: boolean;
}

/**
 * The submitted responses, in the report's order, in batches: called once per sheet with the parts
 * that sheet reads, so that no more than a batch of snapshots is in memory at once.
 */
export type ReportSource = (part: ReportPart) => AsyncIterable<ReportResponse[]>;

/** A source over responses already in memory (tests, small reports). */
export function responsesSource(responses: ReportResponse[]): ReportSource {
  return async function* () {
    yield responses;
  };
}

/**
 * Writes the workbook with exceljs's streaming writer, one sheet after the other (header row
 * frozen), each row committed as it is made: memory stays at one batch of responses however many
 * there are.
 */
export async function buildReport(input: {
  title: string;
  source: ReportSource;
  genders: readonly { id: number; name: string }[];
}): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  // No styles (a bold header would triple the writing time) and no shared strings (kept in memory).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  workbook.creator = 'Parity';
  workbook.title = `${input.title}: responses`;

  for (const spec of SHEETS) {
    const sheet = workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const columns = spec.columns(input.genders);
    sheet.columns = columns.map((c) => ({
      ...c,
      header: neutraliseCell(c.header),
      width: c.width ?? Math.max(12, c.header.length + 2),
    }));
    sheet.getRow(1).commit();
    for await (const batch of input.source({ tabs: spec.tabs, scores: spec.scores === true })) {
      for (const response of batch) {
        const snapshot = isObject(response.snapshot) ? response.snapshot : {};
        const scores = isObject(response.scores) ? response.scores : {};
        for (const row of spec.rows(response, response.organization_name, snapshot, scores)) {
          // Values in column order: exceljs writes an array far faster than a keyed object.
          sheet.addRow(columns.map((c) => neutraliseCell(row[c.key] ?? null))).commit();
        }
      }
    }
    sheet.commit();
  }
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
