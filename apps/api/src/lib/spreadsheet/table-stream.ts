import { PassThrough, Readable } from 'node:stream';
import { neutraliseCell } from '@parity/domain/spreadsheet-cell';
import ExcelJS from 'exceljs';

/**
 * A table (a header row, then rows arriving a batch at a time) written as a stream, CSV or .xlsx,
 * without ever holding more than a batch: the admin reports. Every value passes `neutraliseCell`
 * (formula injection). A source that fails part way destroys the stream with its error, so an HTTP
 * answer is aborted instead of ending as a short file that looks complete.
 */

export type Cell = string | number | null;

/** One CSV field: neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvField(value: Cell): string {
  const cell = neutraliseCell(value);
  if (cell === null) return '';
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly Cell[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The table as CSV text, pulled by the reader: the next batch is read only when it wants more. */
export function csvStream(headers: readonly string[], batches: AsyncIterable<Cell[][]>): Readable {
  async function* lines() {
    yield csvLine(headers);
    for await (const batch of batches) yield batch.map(csvLine).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Resolves once the stream drains, or closes (a reader gone away never drains it). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The table as an .xlsx workbook of one frozen-header sheet, through exceljs's streaming writer
 * (no shared strings, no styles: both are kept in memory until the end). Each batch's rows are
 * committed as they come; the next batch waits while the reader has not taken what was written.
 */
export function xlsxStream(
  title: string,
  headers: readonly string[],
  batches: AsyncIterable<Cell[][]>,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  workbook.creator = 'Parity';
  workbook.title = title;
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({
    header: neutraliseCell(header),
    width: Math.max(12, header.length + 2),
  }));
  async function write() {
    sheet.getRow(1).commit();
    for await (const batch of batches) {
      if (output.destroyed) return;
      for (const row of batch) sheet.addRow(row.map((value) => neutraliseCell(value))).commit();
      // A turn of the event loop: the compressed bytes (zlib works off the main thread) reach the
      // output now, not after the last batch (an embedded database's reads never leave the loop).
      await new Promise((resolve) => setImmediate(resolve));
      // Backpressure: the reader (the HTTP response) has not taken what is buffered yet.
      while (output.writableNeedDrain && !output.destroyed) await drained(output);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
