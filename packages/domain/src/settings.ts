import { z } from 'zod';

/** GET /api/settings/maintenance: whether the platform is in maintenance mode, with its message. */
export const ZMaintenanceStatus = z.object({ maintenance: z.boolean(), message: z.string().nullable() });
export type TMaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;

export const MAINTENANCE_MESSAGE_MAX = 500;
export const MAINTENANCE_MESSAGE_REQUIRED = 'Write the message users will see during maintenance.';

/**
 * PUT /api/admin/maintenance: turns maintenance mode on (with the message users see) or off
 * (the message may then be empty; it is kept for next time).
 */
export const ZMaintenanceUpdate = z
  .strictObject({
    enabled: z.boolean(),
    message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX, `At most ${MAINTENANCE_MESSAGE_MAX} characters.`),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.message.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: MAINTENANCE_MESSAGE_REQUIRED });
    }
  });
export type TMaintenanceUpdate = z.infer<typeof ZMaintenanceUpdate>;
