import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen scrolls sideways inside this box, which takes the keyboard focus
 * (arrow keys scroll it) and names the region it is.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={`${label} (scrolls sideways)`} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}
