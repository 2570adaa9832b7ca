import { Box, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { NavItemContent } from './nav-item-content';
import type { NavItem } from './navigation';
import classes from './top-bar.module.css';

/** The breakpoints from which the top bar shows its modules (below sm: the burger's drawer). */
export const ROW_BREAKPOINTS = ['sm', 'md', 'lg', 'xl'] as const;
export type RowBreakpoint = (typeof ROW_BREAKPOINTS)[number];
/** How many modules the row shows from each breakpoint up; the others are under More. */
export type ModulesShown = Record<RowBreakpoint, number>;

/** The breakpoint from which the index-th module is in the row; null when it is always under More. */
export function inRowFrom(index: number, shown: ModulesShown): RowBreakpoint | null {
  return ROW_BREAKPOINTS.find((breakpoint) => index < shown[breakpoint]) ?? null;
}

function isCurrent(item: NavItem, pathname: string) {
  if (item.end) return pathname === item.to;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/**
 * The modules that do not fit in the top bar's row, behind a More button (a disclosure: Tab
 * reaches its links once open; Escape or a click elsewhere closes it). `hiddenFrom` hides the
 * button where every module fits; each item says from which breakpoint it is in the row instead.
 */
export function MoreModules({
  items,
  hiddenFrom,
}: {
  items: readonly { item: NavItem; inRowFrom: RowBreakpoint | null }[];
  hiddenFrom: RowBreakpoint | null;
}) {
  const [opened, setOpened] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { pathname } = useLocation();
  const current = items.find(({ item }) => isCurrent(item, pathname));

  useEffect(() => {
    if (!opened) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpened(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpened(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [opened]);

  return (
    <Box component="li" ref={root} className={classes.more} hiddenFrom={hiddenFrom ?? undefined}>
      <UnstyledButton
        ref={button}
        className={classes.link}
        aria-expanded={opened}
        aria-controls={id}
        // The open module is under More (up to the breakpoint from which it is in the row): the
        // button shows it as the current one.
        data-active={current && !current.inRowFrom ? true : undefined}
        data-active-below={current?.inRowFrom ?? undefined}
        onClick={() => setOpened((was) => !was)}
      >
        More
        <IconChevronDown size={16} aria-hidden />
      </UnstyledButton>
      {opened ? (
        <ul id={id} className={classes.moreList}>
          {items.map(({ item, inRowFrom: from }) => (
            <Box component="li" key={item.to} hiddenFrom={from ?? undefined}>
              <NavLink
                to={item.to}
                end={item.end}
                className={classes.drawerLink}
                onClick={() => setOpened(false)}
              >
                <NavItemContent item={item} />
              </NavLink>
            </Box>
          ))}
        </ul>
      ) : null}
    </Box>
  );
}
