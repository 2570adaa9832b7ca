import { withComponentStyles } from '../../../lib/component-styles';

/**
 * The bell's part that waits until after the first paint (one chunk, one request): the count's
 * fetcher with its schema, the popover, the alert toast and the live stream.
 */
export const loadBellLive = withComponentStyles(() => import('./bell-live'));

export type BellLive = Awaited<ReturnType<typeof loadBellLive>>;
