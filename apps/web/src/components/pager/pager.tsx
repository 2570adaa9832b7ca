import { Group, Pagination } from '@mantine/core';

/**
 * Page links under a list, the one pager of the app: nothing when there is a single page, and
 * controls named for screen readers ('Previous page', 'Page 3', 'Next page').
 */
export function Pager({
  pages,
  page,
  onChange,
}: {
  /** see pageCount */
  pages: number;
  /** 1-based */
  page: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
        })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}

/** The number of pages for `total` items shown `pageSize` at a time (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
