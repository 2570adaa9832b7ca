import { Box, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './wide-table.module.css';

/**
 * A table wider than a phone (issue 37): it scrolls sideways inside a box that takes the keyboard
 * focus (arrow keys scroll it) and names the region it is; while columns are out of view a cue says
 * so, and `actionsLast` keeps the last column (the row's actions) in view at the box's right edge.
 */
export function WideTable({
  label,
  actionsLast = false,
  children,
}: {
  label: string;
  actionsLast?: boolean;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setHidden(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // The table widens as its rows arrive.
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    <>
      {hidden ? (
        // The region's name says it to a screen reader.
        <Group gap={4} justify="flex-end" aria-hidden>
          <Text size="xs" c="dimmed">
            Scroll sideways to see every column
          </Text>
          <IconArrowRight size={14} color="var(--mantine-color-dimmed)" />
        </Group>
      ) : null}
      <Box
        ref={box}
        role="region"
        aria-label={`${label} (scrolls sideways)`}
        tabIndex={0}
        className={classes.box}
        data-actions-last={actionsLast || undefined}
      >
        {children}
      </Box>
    </>
  );
}
