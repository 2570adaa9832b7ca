import type { TMaintenanceStatus, TMaintenanceUpdate } from '@parity/domain/settings';
import { loadCaller } from '../../core/access/caller';
import { requirePlatformAdmin } from '../../core/access/platform-admin-guard';
import { audit } from '../../core/audit';
import type { Db, DbOrTx } from '../../db/client';
import { getSetting, putSetting } from './repo';

const MAINTENANCE_KEY = 'maintenance';

interface StoredMaintenance {
  maintenance: boolean;
  message: string | null;
}

function parse(raw: string | undefined): StoredMaintenance {
  if (!raw) return { maintenance: false, message: null };
  const parsed = JSON.parse(raw) as Partial<StoredMaintenance>;
  return { maintenance: parsed.maintenance === true, message: parsed.message ?? null };
}

/** Maintenance mode is a platform setting; the admin back office switches it. */
export async function getMaintenanceStatus(db: DbOrTx): Promise<TMaintenanceStatus> {
  return parse(await getSetting(db, MAINTENANCE_KEY));
}

/**
 * The status as the write guard reads it on every request: kept a few seconds in this process so
 * a request costs no query. Another process sees a change within that time; this one at once
 * (setMaintenance drops it).
 */
const CACHE_MS = 5_000;
// Per database: tests run several apps, each on its own database, in one process.
const cached = new WeakMap<Db, { status: TMaintenanceStatus; until: number }>();

export async function cachedMaintenanceStatus(db: Db): Promise<TMaintenanceStatus> {
  const now = Date.now();
  const hit = cached.get(db);
  if (hit && hit.until > now) return hit.status;
  const status = await getMaintenanceStatus(db);
  cached.set(db, { status, until: now + CACHE_MS });
  return status;
}

/** PUT /api/admin/maintenance: a platform administrator turns maintenance mode on or off. */
export async function setMaintenance(
  db: Db,
  userId: number,
  input: TMaintenanceUpdate,
): Promise<TMaintenanceStatus> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const after: TMaintenanceStatus = {
    maintenance: input.enabled,
    message: input.message.length > 0 ? input.message : null,
  };
  await db.transaction(async (tx) => {
    const before = await getMaintenanceStatus(tx);
    await putSetting(tx, MAINTENANCE_KEY, JSON.stringify(after));
    await audit(tx, {
      actorId: userId,
      organizationId: null,
      entity: 'setting',
      entityId: MAINTENANCE_KEY,
      action: 'update',
      before,
      after,
    });
  });
  cached.delete(db);
  return after;
}
