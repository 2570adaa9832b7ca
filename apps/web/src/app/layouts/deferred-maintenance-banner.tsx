import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenReadsSettle } from '../../lib/when-reads-settle';

const MaintenanceBanner = lazy(() =>
  import('./maintenance-banner').then((module) => ({ default: module.MaintenanceBanner })),
);

/**
 * The maintenance banner, loaded once the page's own reads have settled (it shows rarely): its
 * chunk and its read stay out of the signed-in pages' first load and first paint, as the search
 * box's and the bell's panels do.
 */
export function DeferredMaintenanceBanner() {
  const client = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const unmount = new AbortController();
    void whenReadsSettle(client, unmount.signal).then(() => setSettled(true));
    return () => unmount.abort();
  }, [client]);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceBanner />
    </Suspense>
  );
}
