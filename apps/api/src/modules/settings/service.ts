import type { TMaintenanceStatus } from '@parity/domain/settings';
import type { Db } from '../../db/client';
import { getSetting } from './repo';

/** Maintenance mode is a platform setting; the admin back office switches it. */
export async function getMaintenanceStatus(db: Db): Promise<TMaintenanceStatus> {
  const raw = await getSetting(db, 'maintenance');
  if (!raw) return { maintenance: false, message: null };
  const parsed = JSON.parse(raw) as Partial<TMaintenanceStatus>;
  return { maintenance: parsed.maintenance === true, message: parsed.message ?? null };
}
