import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { UPLOAD_LIMITS } from '../uploads/limits';
import { AppError, badRequest, fieldIssue } from './errors';
import { refuseUnstorable } from './storable-input';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** A multipart body read whole: its fields (a repeated name collects an array) and its files. */
export interface MultipartForm {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

export const MALFORMED_MULTIPART_MESSAGE = 'The multipart/form-data body is malformed.';

/** 415 with `message` (what to send instead) unless the body is multipart/form-data. */
export function requireMultipart(request: FastifyRequest, message: string): void {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', message);
}

/**
 * The one reader of multipart bodies: every field and every file's bytes, before anything is checked
 * or stored. A file over `fileSize` answers 413 with `tooLargeMessage`; too many files, fields or
 * parts 413 (the multipart plugin's own answer); a body that does not parse 400. Limits default to
 * UPLOAD_LIMITS.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { tooLargeMessage: string; fileSize?: number; files?: number },
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: [] };
  const tooLarge = () => new AppError(413, 'file_too_large', options.tooLargeMessage);
  try {
    const limits = {
      fileSize: options.fileSize ?? UPLOAD_LIMITS.fileSize,
      files: options.files ?? UPLOAD_LIMITS.files,
    };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        refuseUnstorable(`body.${part.fieldname}.filename`, part.filename ?? '');
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        form.files.push({ field: part.fieldname, filename: part.filename ?? '', bytes });
      } else {
        const value = String(part.value);
        refuseUnstorable(`body.${part.fieldname}`, value);
        const prev = form.fields[part.fieldname];
        form.fields[part.fieldname] =
          prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (statusCode !== undefined && statusCode < 500) throw error;
    // busboy's own errors (no boundary, a broken part header, a body cut short) carry no status.
    throw new AppError(400, 'malformed_multipart', MALFORMED_MULTIPART_MESSAGE);
  }
  return form;
}

/** The form's one file in `field` (400 'Field is empty' naming body.<field> when it is not there). */
export function fileIn(form: MultipartForm, field = 'file'): UploadedFile {
  const file = form.files.find((f) => f.field === field);
  if (!file) throw fieldIssue(field, 'Field is empty');
  return file;
}

/** Multipart fields through a zod schema; a failure answers 400 naming each body field. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    field: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw badRequest(`${issues[0]!.field}: ${issues[0]!.message}`, issues);
}

/** A body of one file in the part `file` (users' and organizations' uploads): 415, 413 and 400 as above. */
export async function readOneFile(
  request: FastifyRequest,
  options: { notMultipartMessage: string; tooLargeMessage: string; fileSize?: number },
): Promise<UploadedFile> {
  requireMultipart(request, options.notMultipartMessage);
  return fileIn(await readMultipart(request, options));
}
