import { VisuallyHidden } from '@mantine/core';

/** Spec 9: a dashboard title shows at most 35 characters where no length is given. */
export const DASHBOARD_TITLE_DEFAULT_LENGTH = 35;
/** Spec 9: the dashboard's survey titles show up to 100 characters. */
export const DASHBOARD_TITLE_LENGTH = 100;

const ELLIPSIS = '…';

/** The title cut to `length` characters, the ellipsis included (whole characters, never half an emoji). */
export function clipTitle(title: string, length: number = DASHBOARD_TITLE_DEFAULT_LENGTH): string {
  const characters = [...title];
  return characters.length > length ? `${characters.slice(0, length - 1).join('')}${ELLIPSIS}` : title;
}

/**
 * A title on the dashboard, cut to `length` characters (35 by default). A cut title keeps the
 * whole one as its tooltip (title attribute) and for assistive technology.
 */
export function DashboardTitle({ title, length }: { title: string; length?: number }) {
  const shown = clipTitle(title, length);
  if (shown === title) return title;
  return (
    <>
      <span title={title} aria-hidden="true">
        {shown}
      </span>
      <VisuallyHidden>{title}</VisuallyHidden>
    </>
  );
}
