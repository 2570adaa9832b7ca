import { inspectZip, verifyZipEntries, type ZipLimits } from '../spreadsheet/zip-guard';

/** An Office file's container is checked before anything is inflated (as the spreadsheet reader does). */
const ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxEntries: 5000,
  maxTotalUncompressedBytes: 100_000_000,
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 1_000_000,
});

/** The parts that hold an Office document's words, and the XML element of each run of text. */
const FORMATS = {
  docx: { part: /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/, element: 'w:t' },
  xlsx: { part: /^xl\/(sharedStrings|worksheets\/sheet\d+)\.xml$/, element: 't' },
  pptx: { part: /^ppt\/slides\/slide\d+\.xml$/, element: 'a:t' },
} as const;
export type OfficeFormat = keyof typeof FORMATS;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name] ?? whole;
  });
}

/** The runs of text of one XML part, paragraph and cell ends as spaces. */
function textOf(xml: string, element: string): string {
  const runs = new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>|</(?:w:p|a:p|si|c)>`, 'g');
  let out = '';
  for (const match of xml.matchAll(runs)) out += match[1] === undefined ? ' ' : decodeXml(match[1]);
  return out;
}

/**
 * The words of a DOCX, XLSX (shared and inline strings) or PPTX, read from the parts that hold them
 * after the ZIP guard checked the container; only those parts are inflated, each capped at its
 * declared size. Throws (a ZipProblem) on a container the guard refuses.
 */
export function officeText(bytes: Buffer, format: OfficeFormat, maxChars: number): string {
  const { part, element } = FORMATS[format];
  const entries = inspectZip(bytes, ZIP_LIMITS).filter((entry) => part.test(entry.name));
  // Word order in the document: numbered parts (sheet2 before sheet10) in their number's order.
  entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const parts = verifyZipEntries(bytes, entries, () => true);
  let text = '';
  for (const entry of entries) {
    text += `${textOf(parts.get(entry.name)?.toString('utf8') ?? '', element)} `;
    if (text.length >= maxChars) break;
  }
  return text;
}
