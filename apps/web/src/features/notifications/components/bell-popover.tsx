import { Popover } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

/**
 * The bell's popover around its button (the target), loaded with the bell's live part: Mantine's
 * popover, with Floating UI, stays out of every page's first load.
 */
export function BellPopover({
  opened,
  onChange,
  dropdown,
  children,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  dropdown: ReactNode;
  children: ReactElement;
}) {
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      shadow="md"
      width="min(360px, calc(100vw - 16px))"
      trapFocus
      // Its target is in the fixed top bar: never scrolled away (and jsdom has no layout).
      hideDetached={false}
      returnFocus
      withinPortal={false}
    >
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown p={0}>{dropdown}</Popover.Dropdown>
    </Popover>
  );
}
