import type { MultipartFile } from '@fastify/multipart';
import { AppError, badRequest } from '../../errors';

/**
 * Checks of the organization's uploads: the type comes from the file's first bytes (and, for
 * text, a strict UTF-8 check), and must agree with the name's extension; never the client's
 * content type.
 */
type Kind = 'pdf' | 'ooxml' | 'text' | 'png' | 'jpeg' | 'webp' | 'gif';

export const TYPES: Record<string, { kind: Kind; type: string }> = {
  pdf: { kind: 'pdf', type: 'application/pdf' },
  docx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'ooxml', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  txt: { kind: 'text', type: 'text/plain; charset=utf-8' },
  csv: { kind: 'text', type: 'text/csv; charset=utf-8' },
  png: { kind: 'png', type: 'image/png' },
  jpg: { kind: 'jpeg', type: 'image/jpeg' },
  jpeg: { kind: 'jpeg', type: 'image/jpeg' },
  webp: { kind: 'webp', type: 'image/webp' },
  gif: { kind: 'gif', type: 'image/gif' },
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

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
      return bytes.length > 30 && bytes.subarray(0, 4).equals(ZIP) && bytes.includes('[Content_Types].xml');
    case 'text':
      return isText(bytes);
    case 'png':
      return bytes.subarray(0, 8).equals(PNG);
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

const fileIssue = (message: string) => badRequest(`body.file: ${message}`, [{ field: 'body.file', message }]);

/** A file name fit for display and a download header: no path, at most 255 characters. */
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
 * Reads the multipart part `file` whole (the stream stops at the route's limit) and checks it:
 * 413 over the limit, 400 when missing, empty or not one of `allowed` by bytes and extension.
 * Nothing is stored before this passes.
 */
export async function readUpload(
  part: MultipartFile | undefined,
  allowed: readonly string[],
  typesMessage: string,
  sizeMessage: string,
): Promise<CheckedUpload> {
  if (part?.fieldname !== 'file') throw fileIssue('Field is empty');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'file_too_large', sizeMessage);
    }
    throw error;
  }
  if (part.file.truncated) throw new AppError(413, 'file_too_large', sizeMessage);
  if (!bytes.length) throw fileIssue('The file is empty.');
  const name = cleanName(part.filename ?? '');
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const expected = allowed.includes(ext) ? TYPES[ext] : undefined;
  if (!expected || !looksLike(expected.kind, bytes)) throw fileIssue(typesMessage);
  return { bytes, name, ext, contentType: expected.type };
}
