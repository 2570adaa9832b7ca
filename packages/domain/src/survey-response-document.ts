import { z } from 'zod';

/**
 * An organization's survey response as a document of values: a heading block, then one section per
 * requested step, each a list of blocks (label/value fields, tables with totals, notes). The API
 * builds it once (modules/survey-export); the PDF, the .xlsx and the printable page
 * (/surveys/export/{id}) all print this same document.
 */
export const ZCell = z.union([z.string(), z.number(), z.null()]);
export type Cell = z.infer<typeof ZCell>;

/** A label and its value. */
export type FieldRow = [string, Cell];
/**
 * A [label, value] pair on the wire: a two-cell array (OpenAPI 3.0 has no tuples; the types below
 * keep the label a string).
 */
const ZFieldRow = z.array(ZCell).length(2);

export const ZBlock = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fields'),
    title: z.string().optional(),
    rows: z.array(ZFieldRow),
  }),
  z.object({
    kind: z.literal('table'),
    title: z.string().optional(),
    columns: z.array(z.string()),
    rows: z.array(z.array(ZCell)),
    totals: z.array(ZCell).optional(),
  }),
  z.object({ kind: z.literal('note'), text: z.string() }),
]);
export type Block =
  | { kind: 'fields'; title?: string; rows: FieldRow[] }
  | Exclude<z.infer<typeof ZBlock>, { kind: 'fields' }>;

export const ZSection = z.object({
  /** the step id (LPI tab id) */
  id: z.number().int(),
  title: z.string(),
  blocks: z.array(ZBlock),
});
export type Section = Omit<z.infer<typeof ZSection>, 'blocks'> & { blocks: Block[] };

export const ZResponseDocument = z.object({
  title: z.string(),
  /** label/value lines under the title: organization, host, status, dates */
  heading: z.array(ZFieldRow),
  sections: z.array(ZSection),
});
export interface ResponseDocument {
  title: string;
  heading: FieldRow[];
  sections: Section[];
}

/** How an empty value is printed, on the page and in the PDF. */
export const EMPTY_CELL = '—';

/** A cell as printed: an empty one as an em dash. */
export const cellText = (value: Cell): string =>
  value === null || value === '' ? EMPTY_CELL : String(value);
