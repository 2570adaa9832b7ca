import { z } from 'zod';

/** GET /api/settings/maintenance: whether the platform is in maintenance mode, with its message. */
export const ZMaintenanceStatus = z.object({ maintenance: z.boolean(), message: z.string().nullable() });
export type TMaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;
