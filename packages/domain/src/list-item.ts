/**
 * The list item of spec 3: a row of a table with the actions offered on it,
 * `{id, actions: [{id, title, icon, type, primary, disabled}], show_success, show_error}`. Every
 * table with per-row actions builds its rows' actions in this shape, and the web app's one
 * row-actions component renders them: the primary actions as buttons, the others in a menu.
 */
import { z } from 'zod';

/** How an action looks: a plain one, one that grants or confirms, one that removes or refuses. */
export const LIST_ACTION_TYPES = ['default', 'success', 'danger'] as const;
export type TListActionType = (typeof LIST_ACTION_TYPES)[number];

/** The icons an action may show (the web app draws each one). */
export const LIST_ACTION_ICONS = [
  'approve',
  'decline',
  'remove',
  'edit',
  'delete',
  'send',
  'revoke',
  'download',
  'labels',
  'remind',
] as const;
export type TListActionIcon = (typeof LIST_ACTION_ICONS)[number];

export const ZListItemAction = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  icon: z.enum(LIST_ACTION_ICONS).nullable(),
  type: z.enum(LIST_ACTION_TYPES),
  /** shown as a button on the row; the others wait in the row's menu */
  primary: z.boolean(),
  disabled: z.boolean(),
});
export type TListItemAction = z.infer<typeof ZListItemAction>;

export const ZListItem = z
  .object({
    id: z.union([z.number(), z.string()]),
    actions: z.array(ZListItemAction),
    /** after an action succeeded, the row says so (rows that leave the list need not) */
    show_success: z.boolean(),
    /** after an action failed, the row says so with the reason */
    show_error: z.boolean(),
  })
  .superRefine((item, ctx) => {
    const seen = new Set<string>();
    item.actions.forEach((action, index) => {
      if (seen.has(action.id))
        ctx.addIssue({
          code: 'custom',
          path: ['actions', index, 'id'],
          message: `Action ${action.id} is listed twice.`,
        });
      seen.add(action.id);
    });
  });
export type TListItem = z.infer<typeof ZListItem>;

/** An action with the shape's defaults: no icon, default type, in the menu, enabled. */
export function listAction(
  action: Pick<TListItemAction, 'id' | 'title'> & Partial<Omit<TListItemAction, 'id' | 'title'>>,
): TListItemAction {
  return { icon: null, type: 'default', primary: false, disabled: false, ...action };
}

/**
 * A row's item: its id, the actions offered (a `false`, `null` or `undefined` entry is an action
 * the row does not offer) and which outcomes it reports (both by default).
 */
export function listItem(
  id: TListItem['id'],
  actions: readonly (TListItemAction | false | null | undefined)[],
  feedback: Partial<Pick<TListItem, 'show_success' | 'show_error'>> = {},
): TListItem {
  return ZListItem.parse({
    id,
    actions: actions.filter((action): action is TListItemAction => Boolean(action)),
    show_success: feedback.show_success ?? true,
    show_error: feedback.show_error ?? true,
  });
}
