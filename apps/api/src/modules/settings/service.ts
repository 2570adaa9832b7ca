import type { Db } from '../../db/client';
import { getSetting } from './repo';

export interface MaintenanceStatus {
  maintenance: boolean;
  message: string | null;
}

/** Maintenance mode is a platform setting; the admin back office switches it. */
export async function getMaintenanceStatus(db: Db): Promise<MaintenanceStatus> {
  const raw = await getSetting(db, 'maintenance');
  if (!raw) return { maintenance: false, message: null };
  const parsed = JSON.parse(raw) as Partial<MaintenanceStatus>;
  return { maintenance: parsed.maintenance === true, message: parsed.message ?? null };
}
