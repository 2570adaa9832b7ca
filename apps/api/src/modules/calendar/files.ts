import type { TEventFile } from '@parity/domain/calendar/events';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPES_MESSAGE,
} from '@parity/domain/organization-files';
import { sql } from 'drizzle-orm';
import { AppError, forbidden, notFound } from '../../core/http/errors';
import type { UploadedFile } from '../../core/http/multipart';
import { checkFile } from '../../core/uploads/file-types';
import type { Db, DbOrTx } from '../../db/client';
import type { Storage } from '../../plugins/storage';
import { rowsOf } from './repo';
import { calendarCaller, canEdit, readable } from './service';

/** Event files follow the organization documents' rules: the same types (read from the bytes) and size. */
export const EVENT_FILE_KIND = 'event_document';
export const eventFileLimit = { fileSize: DOCUMENT_MAX_BYTES, tooLargeMessage: DOCUMENT_SIZE_MESSAGE };

interface FileRow {
  id: string;
  original_name: string;
  content_type: string;
  size: number;
  created_at: Date;
  owner_user_id: number;
  owner_name: string | null;
  storage_key: string;
}

const toFile = (row: FileRow): TEventFile => ({
  id: row.id,
  name: row.original_name,
  size: Number(row.size),
  contentType: row.content_type,
  uploadedBy: row.owner_name === null ? null : { id: row.owner_user_id, name: row.owner_name },
  createdAt: new Date(row.created_at).toISOString(),
});

const fileColumns = sql`f.id, f.original_name, f.content_type, f.size, f.created_at, f.owner_user_id, f.storage_key,
  (SELECT trim(u.name || ' ' || u.lastname) FROM users u WHERE u.id = f.owner_user_id AND u.deleted_at IS NULL) AS owner_name`;

export async function listEventFiles(db: Db, userId: number, eventId: number) {
  const caller = await calendarCaller(db, userId);
  await readable(db, caller, eventId);
  const rows = rowsOf<FileRow>(
    await db.execute(sql`
      SELECT ${fileColumns} FROM event_files ef JOIN files f ON f.id = ef.file_id
      WHERE ef.event_id = ${eventId} ORDER BY f.created_at DESC, f.id`),
  );
  return { data: rows.map(toFile) };
}

/**
 * POST /api/events/{id}/files: the organizer, admins of its organization and its attendees. A
 * file of another type is 415 (the type is read from the bytes), over 10 MB 413; nothing is kept.
 */
export async function uploadEventFile(
  db: Db,
  storage: Storage,
  userId: number,
  eventId: number,
  readFile: () => Promise<UploadedFile>,
): Promise<TEventFile> {
  const caller = await calendarCaller(db, userId);
  const event = await readable(db, caller, eventId);
  if (!canEdit(event, caller) && !event.my_status) {
    throw forbidden('Only the organizer, the admins of its organization and the attendees may attach files.');
  }
  let upload: ReturnType<typeof checkFile>;
  const file = await readFile();
  try {
    upload = checkFile(file, DOCUMENT_EXTENSIONS, DOCUMENT_TYPES_MESSAGE);
  } catch (error) {
    if (error instanceof AppError && error.message.includes(DOCUMENT_TYPES_MESSAGE)) {
      throw new AppError(415, 'unsupported_media_type', DOCUMENT_TYPES_MESSAGE, [
        { field: file.field, message: DOCUMENT_TYPES_MESSAGE },
      ]);
    }
    throw error;
  }
  const key = `events/${event.id}/${crypto.randomUUID()}.${upload.ext}`;
  await storage.put(key, upload.bytes, upload.contentType);
  try {
    return await db.transaction(async (tx) => {
      await readable(tx, caller, eventId, true);
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          INSERT INTO files (owner_user_id, organization_id, kind, original_name, content_type, size, storage_key)
          VALUES (${userId}, ${event.organization_id}, ${EVENT_FILE_KIND}, ${upload.name}, ${upload.contentType},
            ${upload.bytes.length}, ${key})
          RETURNING id`),
      );
      await tx.execute(sql`INSERT INTO event_files (event_id, file_id) VALUES (${event.id}, ${row!.id})`);
      const [saved] = rowsOf<FileRow>(
        await tx.execute(sql`SELECT ${fileColumns} FROM files f WHERE f.id = ${row!.id}`),
      );
      return toFile(saved!);
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

async function findEventFile(db: DbOrTx, eventId: number, fileId: string) {
  const [row] = rowsOf<FileRow>(
    await db.execute(sql`
      SELECT ${fileColumns} FROM event_files ef JOIN files f ON f.id = ef.file_id
      WHERE ef.event_id = ${eventId} AND f.id = ${fileId}`),
  );
  if (!row) throw notFound('File');
  return row;
}

export async function readEventFile(
  db: Db,
  storage: Storage,
  userId: number,
  eventId: number,
  fileId: string,
) {
  const caller = await calendarCaller(db, userId);
  await readable(db, caller, eventId);
  const file = await findEventFile(db, eventId, fileId);
  const stream = await storage.get(file.storage_key);
  if (!stream) throw notFound('File');
  return { stream, file };
}

/** DELETE: editors of the event, or the person who uploaded the file. */
export async function deleteEventFile(
  db: Db,
  storage: Storage,
  userId: number,
  eventId: number,
  fileId: string,
) {
  const key = await db.transaction(async (tx) => {
    const caller = await calendarCaller(tx, userId);
    const event = await readable(tx, caller, eventId, true);
    const file = await findEventFile(tx, eventId, fileId);
    if (!canEdit(event, caller) && file.owner_user_id !== userId) {
      throw forbidden(
        'Only the organizer, the admins of its organization or the person who uploaded it may delete it.',
      );
    }
    await tx.execute(sql`DELETE FROM files WHERE id = ${fileId}`);
    return file.storage_key;
  });
  await storage.delete(key);
}
