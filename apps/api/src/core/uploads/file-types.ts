import { fieldIssue } from '../http/errors';
import type { UploadedFile } from '../http/multipart';

/**
 * The one table of accepted upload types: an extension, the kind its first bytes must show (never
 * the client's content type) and the content type it is stored and served with. A route names the
 * extensions it accepts.
 */
type Kind = 'pdf' | 'ooxml' | 'ole' | 'text' | 'png' | 'jpeg' | 'webp' | 'gif';

export const FILE_TYPES: Record<string, { kind: Kind; type: string }> = {
  pdf: { kind: 'pdf', type: 'application/pdf' },
  docx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { kind: 'ole', type: 'application/msword' },
  txt: { kind: 'text', type: 'text/plain; charset=utf-8' },
  csv: { kind: 'text', type: 'text/csv; charset=utf-8' },
  png: { kind: 'png', type: 'image/png' },
  jpg: { kind: 'jpeg', type: 'image/jpeg' },
  jpeg: { kind: 'jpeg', type: 'image/jpeg' },
  webp: { kind: 'webp', type: 'image/webp' },
  gif: { kind: 'gif', type: 'image/gif' },
};

/** PNG, JPEG and WebP: profile pictures, logos, covers. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Strict UTF-8 without NUL or other control characters than tab, line feed, form feed and carriage return. */
function isText(bytes: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

function looksLike(kind: Kind, bytes: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'ooxml':
      // A ZIP whose entries include the Office package's content types.
      return bytes.length > 30 && bytes.subarray(0, 4).equals(ZIP) && bytes.includes('[Content_Types].xml');
    case 'ole':
      return bytes.subarray(0, 8).equals(OLE);
    case 'text':
      return isText(bytes);
    case 'png':
      return bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG);
    case 'jpeg':
      return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'webp':
      return (
        bytes.length >= 12 &&
        bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
        bytes.subarray(8, 12).toString('latin1') === 'WEBP'
      );
    case 'gif': {
      const head = bytes.subarray(0, 6).toString('latin1');
      return head === 'GIF87a' || head === 'GIF89a';
    }
  }
}

/** The name's extension, lower case ('' when none). */
export const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The file's type when its name's extension is one of `allowed` and its bytes are of that kind;
 * `byBytes`: when the bytes are of any allowed kind (a PNG named .jpg is a PNG). Null otherwise.
 */
export function fileTypeOf(
  name: string,
  bytes: Buffer,
  allowed: readonly string[],
  byBytes = false,
): { ext: string; contentType: string } | null {
  const ext = extensionOf(name);
  if (!allowed.includes(ext)) return null;
  const candidates = byBytes ? allowed : [ext];
  const found = candidates.find((candidate) => {
    const known = FILE_TYPES[candidate];
    return known !== undefined && looksLike(known.kind, bytes);
  });
  return found ? { ext: found, contentType: FILE_TYPES[found]!.type } : null;
}

/** A file name fit for display and a download header: no path, no control characters, at most 255. */
export function cleanName(filename: string, fallback = 'file'): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return (
    base
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 255) || fallback
  );
}

export interface CheckedUpload {
  bytes: Buffer;
  name: string;
  ext: string;
  contentType: string;
}

/**
 * An uploaded file checked against the accepted extensions (see fileTypeOf): 400 naming its field
 * when it is empty ('The file is empty.') or not of an accepted type (`typesMessage`).
 */
export function checkFile(
  file: UploadedFile,
  allowed: readonly string[],
  typesMessage: string,
  options: { byBytes?: boolean; fallbackName?: string } = {},
): CheckedUpload {
  if (!file.bytes.length) throw fieldIssue(file.field, 'The file is empty.');
  const name = cleanName(file.filename, options.fallbackName);
  const type = fileTypeOf(name, file.bytes, allowed, options.byBytes);
  if (!type) throw fieldIssue(file.field, typesMessage);
  return { bytes: file.bytes, name, ...type };
}
