import type { TBoardData } from '@parity/domain/lpi/board';
import { BOARD_LABELS } from '@parity/domain/lpi/board';
import type { TForm, TFormInput, TMiscellaneous } from '@parity/domain/lpi/forms';
import type {
  TGrid,
  TGridCategory,
  TGridRow,
  TGridTotals,
  THistoricalGrids,
  TTypedGrids,
} from '@parity/domain/lpi/grids';
import { INDIVIDUAL_LABELS, type TOwnershipData } from '@parity/domain/lpi/individuals';
import { OVERVIEW_LABELS } from '@parity/domain/lpi/overview';
import type { TPolicyRecord } from '@parity/domain/lpi/policies';
import { TAB_TITLES, type TTabKey } from '@parity/domain/lpi/tabs';
import type { Block, Cell, Section } from '@parity/domain/survey-response-document';
import { stepTabKeys } from '@parity/domain/surveys';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/people';
import { plainText } from '../formatted-text';

/**
 * The organization's survey response as a document both renderers (the .xlsx and the PDF) print:
 * a heading block, then one section per requested step, each a list of blocks (label/value fields,
 * tables with totals, notes). Built from every tab's data as its GET answers it (or as the
 * submission's snapshot stored it), with reference-data ids turned into names. The document's shape
 * is the domain's (survey-response-document): the printable page shows the same one.
 */

/** Names of the reference-data ids the tabs store. */
export interface Names {
  legalStructures: Map<number, string>;
  globalIndustries: Map<number, string>;
  globalIndustryTypes: Map<string, string>;
  corporateTitles: Map<number, string>;
  genders: Map<number, string>;
  ethnicities: Map<number, string>;
  /** attribute option groups (identification, board_type, ...) by group, then id */
  options: Map<string, Map<number, string>>;
  /** users named as primary contact */
  people: Map<number, string>;
}

export interface StepInput {
  id: number;
  title: string;
}

const NOT_STARTED = 'Not started in this survey: nothing was entered for this step.';
/** How the respondent's note on a step's checks is introduced in the printable response and its files. */
export const RESPONDENT_NOTE_LABEL = "Respondent's note on this step's figures";

const yesNo = (value: unknown) => (value === true || value === 1 ? 'Yes' : 'No');
const nameOf = (names: Map<number, string>, id: number | null | undefined): Cell =>
  id === null || id === undefined ? null : (names.get(id) ?? String(id));
const optionOf = (names: Names, group: string, id: number | null | undefined): Cell =>
  nameOf(names.options.get(group) ?? new Map(), id);

function overviewBlocks(meta: Record<string, unknown>, names: Names): Block[] {
  const num = (key: string) => (typeof meta[key] === 'number' ? (meta[key] as number) : null);
  const str = (key: string) =>
    typeof meta[key] === 'string' && meta[key] !== '' ? (meta[key] as string) : null;
  const addresses = Array.isArray(meta.addresses)
    ? (meta.addresses as { address: string; primary_address: number }[])
    : [];
  const identifiers = (meta.identifiers ?? {}) as Record<string, number | null>;
  const rows: [string, Cell][] = [
    [OVERVIEW_LABELS.name, str('name')],
    [OVERVIEW_LABELS.legal_structure, nameOf(names.legalStructures, num('legal_structure_id'))],
    [OVERVIEW_LABELS.inception_date, str('inception_date')],
    [OVERVIEW_LABELS.primary_contact_id, nameOf(names.people, num('primary_contact_id'))],
    [OVERVIEW_LABELS.is_publicly_traded, yesNo(meta.is_publicly_traded)],
    [OVERVIEW_LABELS.ticker_symbol, str('ticker_symbol')],
    [OVERVIEW_LABELS.website, str('website')],
    [OVERVIEW_LABELS.primary_phone, str('primary_phone')],
    [OVERVIEW_LABELS.office_address_found, addresses.find((a) => a.primary_address === 1)?.address ?? null],
    [OVERVIEW_LABELS.total_full_time_employees, num('total_full_time_employees')],
    [OVERVIEW_LABELS.total_leaders, num('total_leaders')],
    [OVERVIEW_LABELS.total_owners, num('total_owners')],
  ];
  const industries: [string, Cell][] = Object.entries(identifiers)
    .filter(([, id]) => typeof id === 'number')
    .map(([key, id]) => [names.globalIndustryTypes.get(key) ?? key, nameOf(names.globalIndustries, id)]);
  const blocks: Block[] = [{ kind: 'fields', rows }];
  if (industries.length)
    blocks.push({ kind: 'fields', title: OVERVIEW_LABELS.identifiers, rows: industries });
  return blocks;
}

/** A grid as a table: a column per gender (grouped by category), a total per row and per column. */
function gridTable(
  title: string | undefined,
  categories: TGridCategory[],
  rows: TGridRow[],
  totals: TGridTotals,
): Block {
  const genders = categories.flatMap((c) => c.genders.map((g) => ({ ...g, category: c.name })));
  const columns = ['Race/Ethnicity', ...genders.map((g) => `${g.category} › ${g.name}`), 'Total'];
  const body = rows.map((row) => {
    const byId = new Map(row.genders.map((cell) => [cell.id, cell.value]));
    // A cell not reported stays empty: it is not a 0.
    return [row.name, ...genders.map((g) => byId.get(g.id) ?? null), row.total];
  });
  const byGender = new Map(totals.byGender.map((t) => [t.id, t.total]));
  return {
    kind: 'table',
    ...(title ? { title } : {}),
    columns,
    rows: body,
    totals: ['Total', ...genders.map((g) => byGender.get(g.id) ?? 0), totals.all],
  };
}

function gridBlocks(tab: TTabKey, data: unknown): Block[] {
  if (!data || typeof data !== 'object') return [];
  const title = TAB_TITLES[tab];
  if ('rows' in data) {
    const grid = data as TGrid;
    return [gridTable(title, grid.categories, grid.rows, grid.totals)];
  }
  if ('years' in data) {
    const grids = data as THistoricalGrids;
    return grids.grids.map((g) => gridTable(`${g.year} · ${g.label}`, grids.categories, g.rows, g.totals));
  }
  const typed = data as TTypedGrids;
  return typed.grids.map((g) => gridTable(`${title} · ${g.label}`, typed.categories, g.rows, g.totals));
}

function ownershipBlocks(data: TOwnershipData, names: Names): Block[] {
  const L = INDIVIDUAL_LABELS;
  const columns = [
    L.name,
    L.identification_id,
    L.corporate_title_id,
    L.gender_id,
    L.ethnicity_id,
    L.date_of_joining,
    'Groups',
    L.ownership,
    L.initial_ownership_date,
    L.date_of_promotion,
    L.immigration_id,
    L.veteran_id,
    L.lgbtq_id,
    L.disabled_id,
    L.us_citizen_id,
    L.us_based_id,
  ];
  const rows = data.rows.map((row) => [
    row.name,
    optionOf(names, 'identification', row.identification_id),
    nameOf(names.corporateTitles, row.corporate_title_id),
    nameOf(names.genders, row.gender_id),
    nameOf(names.ethnicities, row.ethnicity_id),
    row.date_of_joining,
    [row.is_owner ? 'Ownership' : null, row.is_senior_management ? 'Leadership' : null]
      .filter(Boolean)
      .join(', '),
    row.is_owner ? row.ownership : null,
    row.initial_ownership_date,
    row.date_of_promotion,
    optionOf(names, 'immigration', row.immigration_id),
    optionOf(names, 'military_member', row.veteran_id),
    optionOf(names, 'lgbtq', row.lgbtq_id),
    optionOf(names, 'disabled', row.disabled_id),
    optionOf(names, 'us_citizen', row.us_citizen_id),
    optionOf(names, 'us_based', row.us_based_id),
  ]);
  const t = data.totals;
  return [
    {
      kind: 'fields',
      rows: [
        ['Owners', `${t.owners} of ${t.total_owners}`],
        ['Senior leaders', `${t.leaders} of ${t.total_leaders}`],
        ['Ownership', `${t.ownership_sum.toFixed(2)}%`],
      ],
    },
    rows.length
      ? { kind: 'table', title: TAB_TITLES.ownership, columns, rows }
      : { kind: 'note', text: 'No owners or senior leaders listed.' },
  ];
}

function boardBlocks(data: TBoardData, names: Names): Block[] {
  if (!data.rows.length) return [{ kind: 'note', text: 'No board members listed.' }];
  const B = BOARD_LABELS;
  return [
    {
      kind: 'table',
      title: `${TAB_TITLES.board} (${data.rows.length})`,
      columns: [
        B.name,
        B.board_type_id,
        B.board_position_id,
        B.date_of_joining,
        B.gender_id,
        B.ethnicity_id,
        B.military_member_id,
        B.disabled_id,
        B.lgbtq_id,
        B.immigration_id,
      ],
      rows: data.rows.map((row) => [
        row.name,
        optionOf(names, 'board_type', row.board_type_id),
        optionOf(names, 'board_position', row.board_position_id),
        row.date_of_joining,
        nameOf(names.genders, row.gender_id),
        nameOf(names.ethnicities, row.ethnicity_id),
        optionOf(names, 'military_member', row.military_member_id),
        optionOf(names, 'disabled', row.disabled_id),
        optionOf(names, 'lgbtq', row.lgbtq_id),
        optionOf(names, 'immigration', row.immigration_id),
      ]),
    },
  ];
}

function policyBlocks(records: TPolicyRecord[]): Block[] {
  if (!records.length) return [{ kind: 'note', text: 'No policies recorded.' }];
  return [
    {
      kind: 'table',
      columns: [
        'Policy',
        'Status',
        'Established',
        'Last reviewed',
        'Current as of',
        'Revision',
        'Attachments',
      ],
      rows: records.map((r) => [
        r.name,
        r.status,
        r.established_at,
        r.last_reviewed_at,
        r.current_as_of,
        r.revision,
        r.attachments.map((a) => a.name).join(', ') || null,
      ]),
    },
  ];
}

/** A formatted-text answer as the export prints it: plain text, a line per paragraph. */
const formattedAnswerText = (html: string) => plainText(html).replace(/\n{2,}/g, '\n');

/** A form answer as text: option names for selects, Yes/No for switches. */
export function answerText(input: Pick<TFormInput, 'type' | 'options' | 'value'>): Cell {
  const { value } = input;
  if (value === null || value === undefined || value === '') return null;
  const optionName = (v: unknown) =>
    input.options?.find((o) => String(o.id) === String(v))?.name ?? String(v);
  if (input.type === 'switch')
    return yesNo(value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0);
  if (Array.isArray(value)) return value.map(optionName).join(', ') || null;
  if (input.options?.length) return optionName(value);
  if (typeof value === 'number') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function formBlocks(form: TForm): Block[] {
  return form.sections
    .filter((section) => section.inputs.length)
    .map((section) => ({
      kind: 'fields' as const,
      title: section.name,
      rows: section.inputs.map((input): [string, Cell] => [input.label, answerText(input)]),
    }));
}

function miscellaneousBlocks(data: TMiscellaneous): Block[] {
  const blocks = formBlocks(data.form);
  if (data.questions.length) {
    blocks.push({
      kind: 'fields',
      title: 'Custom questions',
      rows: data.questions.map((q): [string, Cell] => {
        const value = q.value;
        if (value === null || value === undefined || value === '') return [q.display, null];
        if (Array.isArray(value)) return [q.display, value.join(', ')];
        if (typeof value === 'string') return [q.display, formattedAnswerText(value)];
        return [q.display, typeof value === 'number' ? value : String(value)];
      }),
    });
  }
  return blocks;
}

export function blocksOfTab(tab: TTabKey, data: unknown, names: Names): Block[] {
  if (data === undefined || data === null) return [];
  switch (tab) {
    case 'overview':
      return overviewBlocks(data as Record<string, unknown>, names);
    case 'ownership':
      return ownershipBlocks(data as TOwnershipData, names);
    case 'board':
      return boardBlocks(data as TBoardData, names);
    case 'policies':
      return policyBlocks(data as TPolicyRecord[]);
    case 'practices':
      return formBlocks(data as TForm);
    case 'miscellaneous':
      return miscellaneousBlocks(data as TMiscellaneous);
    default:
      return gridBlocks(tab, data);
  }
}

/**
 * The response's sections: one per requested step (submit aside), in the survey's order. A step
 * whose tabs were never opened in the survey (no survey copy: not ready for export) says so. A
 * step marked complete with a note (its data fails a check) starts with the respondent's note,
 * kept on the step's first unit as the survey's progress reads it.
 */
export function buildSections(
  steps: readonly StepInput[],
  data: Partial<Record<TTabKey, unknown>>,
  ready: ReadonlySet<TTabKey>,
  names: Names,
  notes: ReadonlyMap<TTabKey, string> = new Map(),
): Section[] {
  return steps
    .filter((step) => stepTabKeys(step.id).length > 0)
    .map((step) => {
      const keys = stepTabKeys(step.id);
      const note = keys[0] ? notes.get(keys[0]) : undefined;
      const blocks: Block[] = keys.some((key) => ready.has(key))
        ? keys.flatMap((key) => blocksOfTab(key, data[key], names))
        : [{ kind: 'note', text: NOT_STARTED }];
      if (note) blocks.unshift({ kind: 'note', text: `${RESPONDENT_NOTE_LABEL}: ${note}` });
      return { id: step.id, title: step.title, blocks };
    });
}

/** The names of the people the tabs' data names: the overview's primary contact. */
export async function peopleNames(
  db: DbOrTx,
  data: Partial<Record<TTabKey, unknown>>,
): Promise<Map<number, string>> {
  const contact = (data.overview as { primary_contact_id?: number | null } | undefined)?.primary_contact_id;
  const people =
    typeof contact === 'number'
      ? await db
          .select({ id: users.id, name: users.name, lastname: users.lastname })
          .from(users)
          .where(inArray(users.id, [contact]))
      : [];
  return new Map(people.map((p) => [p.id, `${p.name} ${p.lastname}`.trim()]));
}
