import { describe, expect, it } from 'vitest';
import { listAction, listItem, ZListItem } from './list-item';

describe('list item (spec 3)', () => {
  it('has the spec’s shape, with the defaults of an action', () => {
    const item = listItem(4, [
      listAction({ id: 'resend', title: 'Resend', icon: 'send', primary: true }),
      false,
      listAction({ id: 'revoke', title: 'Revoke', type: 'danger' }),
    ]);
    expect(item).toEqual({
      id: 4,
      actions: [
        { id: 'resend', title: 'Resend', icon: 'send', type: 'default', primary: true, disabled: false },
        { id: 'revoke', title: 'Revoke', icon: null, type: 'danger', primary: false, disabled: false },
      ],
      show_success: true,
      show_error: true,
    });
    expect(listItem('a', [], { show_success: false }).show_success).toBe(false);
  });

  it('refuses an action listed twice, an unknown icon or type', () => {
    const action = listAction({ id: 'edit', title: 'Edit' });
    expect(() => listItem(1, [action, action])).toThrow(/Action edit is listed twice/);
    const item = { id: 1, show_success: true, show_error: true };
    expect(ZListItem.safeParse({ ...item, actions: [{ ...action, icon: 'rocket' }] }).success).toBe(false);
    expect(ZListItem.safeParse({ ...item, actions: [{ ...action, type: 'loud' }] }).success).toBe(false);
  });
});
