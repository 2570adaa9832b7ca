import { parseString } from '@fast-csv/parse';
import { onTestFinished, vi } from 'vitest';

/** Texts a spreadsheet would read as formulas (OWASP CSV injection), for the exports' tests. */
export const FORMULA_TEXTS = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'];

/** Catches the files the page downloads (blob links clicked): their blobs, in order. */
export function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:download-${blobs.length}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    click.mockRestore();
  });
  return blobs;
}

/** jsdom's Blob has no text(): read it as the browser would. */
export function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The rows of a downloaded CSV file, read with a real CSV parser. */
export async function readCsv(blob: Blob): Promise<string[][]> {
  const text = await readText(blob);
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text)
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}
