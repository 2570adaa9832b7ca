import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (the ids its components link labels and ARIA attributes with), as the build
 * puts it in place of `@mantine/hooks`' own (vite-mantine-use-id.ts): React's id, unique and stable.
 * Mantine's swaps that id for a random one in a layout effect as each component mounts, a state
 * change that re-renders the component at once, without yielding: the app shell, alerts, tabs and
 * popovers re-rendered the whole page in the task that committed it (issue #20, a phone's longest
 * task on the dashboard).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
