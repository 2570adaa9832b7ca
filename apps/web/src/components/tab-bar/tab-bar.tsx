import { ActionIcon, Badge, Group, NativeSelect, Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './tab-bar.module.css';

export interface TabBarItem {
  value: string;
  label: string;
  /** A count beside the label (the LPI pages' entered rows). */
  badge?: string | null;
  /** After the label (a failing check's marker). */
  rightSection?: ReactNode;
}

export interface TabBarProps {
  /** The tab list's accessible name, and the phone's tab picker's. */
  label: string;
  tabs: readonly TabBarItem[];
  value: string;
  onChange: (value: string) => void;
  /** The tabs' panels (Tabs.Panel), one per tab so that every tab's aria-controls names an element. */
  children: ReactNode;
}

/** An arrow beside the row while some tabs are out of view; disabled at the row's end. */
function Arrow({
  direction,
  enabled,
  onClick,
}: {
  direction: 1 | -1;
  enabled: boolean;
  onClick: () => void;
}) {
  const Icon = direction === 1 ? IconChevronRight : IconChevronLeft;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={direction === 1 ? 'Show the next tabs' : 'Show the previous tabs'}
      disabled={!enabled}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}

/** How far an arrow scrolls: most of the visible row, so that a tab cut at the edge comes whole. */
const STEP = 0.8;

/**
 * A page's tab bar (issue 37): one row that never cuts a label. From 48em the tabs scroll
 * sideways, with arrow buttons while some are out of view and the open one scrolled into view;
 * on a phone a picker lists every tab instead.
 */
export function TabBar({ label, tabs, value, onChange, children }: TabBarProps) {
  const list = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const left = el.scrollLeft > 0;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEnds((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure]);

  // The open tab is scrolled into the row's view, again once the badges (which widen the tabs before
  // it) are in and once the arrows (which narrow the row) are shown.
  const widths = tabs.map((tab) => `${tab.value}:${tab.badge ?? ''}`).join();
  const overflows = ends.left || ends.right;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the tabs' or the row's widths change
  useEffect(() => {
    const el = list.current;
    const tab = el?.querySelector<HTMLElement>(`[data-tab="${value}"]`);
    if (!el || !tab) return;
    const shown = el.getBoundingClientRect();
    const rect = tab.getBoundingClientRect();
    if (rect.left < shown.left || rect.right > shown.right) {
      el.scrollLeft += rect.left - shown.left - (shown.width - rect.width) / 2;
    }
    measure();
  }, [value, widths, overflows, measure]);

  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollLeft += direction * el.clientWidth * STEP;
  };

  return (
    <Tabs
      value={value}
      onChange={(next) => {
        if (next && next !== value) onChange(next);
      }}
    >
      <NativeSelect
        hiddenFrom="sm"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={tabs.map((tab) => ({
          value: tab.value,
          label: tab.badge ? `${tab.label} (${tab.badge})` : tab.label,
        }))}
      />
      <Group gap={4} wrap="nowrap" visibleFrom="sm" className={classes.row}>
        {overflows ? <Arrow direction={-1} enabled={ends.left} onClick={() => scroll(-1)} /> : null}
        <Tabs.List ref={list} aria-label={label} className={classes.list}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              data-tab={tab.value}
              className={classes.tab}
              rightSection={tab.rightSection}
            >
              {tab.label}
              {tab.badge ? (
                <>
                  {' '}
                  <Badge ml={4} size="sm" variant="light">
                    {tab.badge}
                  </Badge>
                </>
              ) : null}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {overflows ? <Arrow direction={1} enabled={ends.right} onClick={() => scroll(1)} /> : null}
      </Group>
      {children}
    </Tabs>
  );
}
