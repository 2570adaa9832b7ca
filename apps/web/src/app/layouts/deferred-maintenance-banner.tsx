import { lazy, Suspense } from 'react';

const MaintenanceBanner = lazy(() =>
  import('./maintenance-banner').then((module) => ({ default: module.MaintenanceBanner })),
);

/**
 * The maintenance banner, loaded after the first render (it shows rarely): it stays out of the
 * signed-in pages' first load, as the search box's and the bell's panels do.
 */
export function DeferredMaintenanceBanner() {
  return (
    <Suspense fallback={null}>
      <MaintenanceBanner />
    </Suspense>
  );
}
