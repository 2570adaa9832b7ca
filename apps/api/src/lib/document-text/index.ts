import { type OfficeFormat, officeText } from './office';
import { pdfText } from './pdf';

/** Most characters kept of a document's text (the search indexes it; a snippet shows a passage). */
export const DOCUMENT_TEXT_MAX_CHARS = 100_000;
/** Longest a PDF may take to read before it is given up on (its name is still searched). */
export const PDF_TEXT_TIMEOUT_MS = 5_000;
const PDF_MAX_PAGES = 300;

/**
 * The searchable text of an uploaded document, where it is cheap to get: PDF, DOCX, XLSX, PPTX,
 * TXT and CSV, by the extension its bytes were checked against (core/uploads). Never throws: a
 * file that cannot be read (damaged, encrypted, a ZIP bomb, too slow) gives null, as do other
 * types. Control characters (NUL, which PostgreSQL refuses, and the highlight marks) are spaces,
 * whitespace runs one space, and the text is capped.
 */
export async function extractDocumentText(
  bytes: Buffer,
  extension: string,
  options: { timeoutMs?: number } = {},
): Promise<string | null> {
  let raw: string;
  try {
    switch (extension.toLowerCase()) {
      case 'pdf': {
        const signal = AbortSignal.timeout(options.timeoutMs ?? PDF_TEXT_TIMEOUT_MS);
        raw = await Promise.race([
          pdfText(bytes, { maxChars: DOCUMENT_TEXT_MAX_CHARS, maxPages: PDF_MAX_PAGES, signal }),
          new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
          ),
        ]);
        break;
      }
      case 'docx':
      case 'xlsx':
      case 'pptx':
        raw = officeText(bytes, extension.toLowerCase() as OfficeFormat, DOCUMENT_TEXT_MAX_CHARS);
        break;
      case 'txt':
      case 'csv':
        raw = bytes.subarray(0, DOCUMENT_TEXT_MAX_CHARS * 4).toString('utf8');
        break;
      default:
        return null;
    }
  } catch {
    return null;
  }
  const text = raw
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\ufffd]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DOCUMENT_TEXT_MAX_CHARS);
  return text === '' ? null : text;
}
