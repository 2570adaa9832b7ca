import { ORGANIZATION_IMAGE_TYPES_MESSAGE } from '@parity/domain/organization-settings';
import { eq } from 'drizzle-orm';
import { loadCaller } from '../../core/access/caller';
import { notFound } from '../../core/http/errors';
import type { UploadedFile } from '../../core/http/multipart';
import { checkFile, IMAGE_EXTENSIONS } from '../../core/uploads/file-types';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/people';
import type { Storage } from '../../plugins/storage';
import * as repo from './repo';
import { imageUrl } from './service';

/** POST /api/users/image: checks the bytes, stores them under a generated key, sets users.image. */
export async function uploadUserImage(db: DbOrTx, storage: Storage, userId: number, part: UploadedFile) {
  const caller = await loadCaller(db, userId);
  // The type is the bytes' (a PNG named .jpg is stored as a PNG); the name must be an image's.
  const upload = checkFile(part, IMAGE_EXTENSIONS, ORGANIZATION_IMAGE_TYPES_MESSAGE, {
    byBytes: true,
    fallbackName: 'image',
  });
  const key = `users/${userId}/${crypto.randomUUID()}.${upload.ext}`;
  await storage.put(key, upload.bytes, upload.contentType);
  let oldKey: string | undefined;
  try {
    const file = await db.transaction(async (tx) => {
      const created = await repo.insertFile(tx, {
        owner_user_id: userId,
        organization_id: caller.row.organization?.id ?? null,
        kind: 'user_image',
        original_name: upload.name,
        content_type: upload.contentType,
        size: upload.bytes.length,
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
