import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import type { TListActionIcon, TListActionType, TListItem, TListItemAction } from '@parity/domain/list-item';
import {
  IconBell,
  IconCheck,
  IconDots,
  IconDownload,
  IconEdit,
  IconMailForward,
  IconTags,
  IconTrash,
  IconUserMinus,
  IconX,
} from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { alertStore } from '../alerts/alert-store';
import { Button, type ButtonType } from '../button/button';

const ICONS: Record<TListActionIcon, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  approve: IconCheck,
  decline: IconX,
  remove: IconUserMinus,
  edit: IconEdit,
  delete: IconTrash,
  send: IconMailForward,
  revoke: IconX,
  download: IconDownload,
  labels: IconTags,
  remind: IconBell,
};

const BUTTON_KIND: Record<TListActionType, ButtonType> = {
  default: 'secondary',
  success: 'success',
  danger: 'error',
};

type Outcome = { kind: 'success' | 'error'; text: string } | null;

function reasonOf(error: unknown) {
  if (error && typeof error === 'object' && 'description' in error && typeof error.description === 'string')
    return error.description;
  return error instanceof Error ? error.message : String(error);
}

function iconOf(action: TListItemAction, size: number) {
  const Icon = action.icon ? ICONS[action.icon] : null;
  return Icon ? <Icon size={size} aria-hidden /> : undefined;
}

/**
 * The actions of one row, from its list item (spec 3): the primary ones as buttons, the others in
 * the row's menu; disabled ones cannot be used, and none while one is running. With `show_success`
 * the row says when an action is done, with `show_error` why it failed (instead of the failure's
 * toast: an error is shown once, inline or as a toast).
 */
export function RowActions({
  item,
  label,
  onAction,
}: {
  item: TListItem;
  /** what the row is (a name, an email): part of each button's accessible name */
  label: string;
  /**
   * Runs the action: answers nothing when it is done at once (a dialog opened), or a promise of the
   * work, which resolves `false` when the user called it off (a confirm cancelled).
   */
  onAction: (actionId: string) => unknown;
}) {
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const primary = item.actions.filter((action) => action.primary);
  const secondary = item.actions.filter((action) => !action.primary);

  const run = async (action: TListItemAction) => {
    setOutcome(null);
    const result = onAction(action.id);
    if (!(result instanceof Promise)) return;
    setRunning(action.id);
    try {
      const done = await result;
      if (done !== false && item.show_success) setOutcome({ kind: 'success', text: `${action.title}: done` });
    } catch (error) {
      if (item.show_error) {
        setOutcome({ kind: 'error', text: `${action.title} failed: ${reasonOf(error)}` });
        // Said once: the row's own line replaces the API client's toast of the same failure.
        if (error instanceof ApiError && error.alertId) alertStore.remove(error.alertId);
      }
    } finally {
      setRunning(null);
    }
  };

  return (
    <Group gap={4} wrap="nowrap" align="center">
      {primary.map((action) => (
        <Button
          key={action.id}
          kind={BUTTON_KIND[action.type]}
          size="small"
          leftSection={iconOf(action, 14)}
          aria-label={`${action.title} ${label}`}
          disabled={action.disabled || (running !== null && running !== action.id)}
          loading={running === action.id}
          onClick={() => void run(action)}
        >
          {action.title}
        </Button>
      ))}
      {secondary.length ? (
        // Once opened the menu stays shown, even when its row scrolls out of the table's view (or
        // where nothing is laid out, as in jsdom, which would read as a row out of view).
        <Menu position="bottom-end" hideDetached={false}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`More actions for ${label}`}
              disabled={running !== null}
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {secondary.map((action) => (
              <Menu.Item
                key={action.id}
                leftSection={iconOf(action, 16)}
                color={action.type === 'danger' ? 'danger' : undefined}
                disabled={action.disabled}
                onClick={() => void run(action)}
              >
                {action.title}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {outcome?.kind === 'success' ? (
        <Text role="status" size="xs" c="success.8">
          {outcome.text}
        </Text>
      ) : null}
      {outcome?.kind === 'error' ? (
        <Text role="alert" size="xs" c="danger.8">
          {outcome.text}
        </Text>
      ) : null}
    </Group>
  );
}
