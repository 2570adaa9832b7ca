import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/people';
import { AppError, badRequest, notFound } from '../../errors';
import type { Storage } from '../../plugins/storage';
import { loadCaller } from './caller';
import * as repo from './repo';
import { imageUrl } from './service';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES_MESSAGE = 'The image must be a PNG, JPEG or WebP file.';

const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

/** The image type from its first bytes (never from the name or the client's content type). */
export function sniffImage(bytes: Buffer): keyof typeof EXTENSIONS | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const fileIssue = (message: string) => badRequest(`body.file: ${message}`, [{ field: 'body.file', message }]);

/** POST /api/users/image: checks the bytes, stores them under a generated key, sets users.image. */
export async function uploadUserImage(
  db: DbOrTx,
  storage: Storage,
  userId: number,
  part: MultipartFile | undefined,
) {
  const caller = await loadCaller(db, userId);
  if (part?.fieldname !== 'file') throw fileIssue('Field is empty');
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw new AppError(413, 'file_too_large', 'The image must be at most 5 MB.');
  if (!bytes.length) throw fileIssue('Field is empty');
  const extension = /\.([a-z0-9]+)$/i.exec(part.filename ?? '')?.[1]?.toLowerCase();
  const type = sniffImage(bytes);
  if (!type || !extension || !Object.values(EXTENSIONS).flat().includes(extension))
    throw fileIssue(IMAGE_TYPES_MESSAGE);
  const key = `users/${userId}/${crypto.randomUUID()}.${EXTENSIONS[type]![0]}`;
  await storage.put(key, bytes, type);
  let oldKey: string | undefined;
  try {
    const file = await db.transaction(async (tx) => {
      const created = await repo.insertFile(tx, {
        owner_user_id: userId,
        organization_id: caller.row.organization?.id ?? null,
        kind: 'user_image',
        original_name: (part.filename ?? 'image').slice(0, 255),
        content_type: type,
        size: bytes.length,
        storage_key: key,
      });
      const previous = caller.row.user.image ? await repo.findFile(tx, caller.row.user.image) : undefined;
      await repo.updateUser(tx, userId, { image: created.id });
      if (previous) {
        await repo.deleteFile(tx, previous.id);
        oldKey = previous.storage_key;
      }
      return created;
    });
    if (oldKey) await storage.delete(oldKey);
    return { image: file.id, image_url: imageUrl(userId, file.id)! };
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** GET /api/users/{id}/image/1: the blob, for callers who may see that user. */
export async function readUserImage(db: DbOrTx, storage: Storage, callerId: number, targetId: number) {
  const caller = await loadCaller(db, callerId);
  if (callerId !== targetId && !caller.flags.isAllowed) throw notFound('Image');
  const [target] = await db
    .select({ image: users.image, deleted_at: users.deleted_at })
    .from(users)
    .where(eq(users.id, targetId));
  if (!target?.image || target.deleted_at) throw notFound('Image');
  const file = await repo.findFile(db, target.image);
  const stream = file ? await storage.get(file.storage_key) : null;
  if (!file || !stream) throw notFound('Image');
  return { stream, file };
}

/** GET /api/files/{id}: one of the caller's own files (platform admins: any). */
export async function readOwnFile(db: DbOrTx, storage: Storage, callerId: number, fileId: string) {
  const caller = await loadCaller(db, callerId);
  const file = await repo.findFile(db, fileId);
  if (!file || (file.owner_user_id !== callerId && !caller.row.user.is_sadm)) throw notFound('File');
  const stream = await storage.get(file.storage_key);
  if (!stream) throw notFound('File');
  return { stream, file };
}
