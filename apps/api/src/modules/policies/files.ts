import { POLICY_FILE_SIZE_MESSAGE, POLICY_FILE_TYPES_MESSAGE } from '@parity/domain/lpi/policies';
import { AppError, badRequest } from '../../errors';

/** What a policy attachment's first bytes say it is. */
type Kind = 'pdf' | 'ooxml' | 'ole' | 'text' | 'png' | 'jpeg';

const BY_EXTENSION: Record<string, { kind: Kind; type: string }> = {
  pdf: { kind: 'pdf', type: 'application/pdf' },
  docx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { kind: 'ole', type: 'application/msword' },
  txt: { kind: 'text', type: 'text/plain; charset=utf-8' },
  png: { kind: 'png', type: 'image/png' },
  jpg: { kind: 'jpeg', type: 'image/jpeg' },
  jpeg: { kind: 'jpeg', type: 'image/jpeg' },
};

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function isText(bytes: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // No NUL or other control characters than tab, line feed, form feed and carriage return.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the check
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
      return (
        bytes.length > 30 &&
        bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) &&
        bytes.includes('[Content_Types].xml')
      );
    case 'ole':
      return bytes.subarray(0, 8).equals(OLE);
    case 'png':
      return bytes.subarray(0, 8).equals(PNG);
    case 'jpeg':
      return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'text':
      return isText(bytes);
  }
}

export const fileIssue = (field: string, message: string) =>
  badRequest(`body.${field}: ${message}`, [{ field: `body.${field}`, message }]);

export const tooLarge = () => new AppError(413, 'file_too_large', POLICY_FILE_SIZE_MESSAGE);

/**
 * The attachment's content type when its extension is an accepted one and its bytes are of that
 * type (never the client's content type); else a 400 naming the field.
 */
export function checkPolicyFile(
  field: string,
  filename: string,
  bytes: Buffer,
): { contentType: string; ext: string } {
  if (!bytes.length) throw fileIssue(field, 'The file is empty.');
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  const expected = BY_EXTENSION[ext];
  if (!expected || !looksLike(expected.kind, bytes)) throw fileIssue(field, POLICY_FILE_TYPES_MESSAGE);
  return { contentType: expected.type, ext };
}

/** A file name fit for display and a download header: no path, at most 255 characters. */
export function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(0, 255) || 'attachment';
}
