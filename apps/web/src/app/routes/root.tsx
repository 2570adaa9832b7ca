import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { titleOf } from '../../components/breadcrumbs/route-handle';
import { useDialogs } from '../../components/dialog/dialog-store';

const DialogHost = lazy(() =>
  import('../../components/dialog/dialog-host').then((module) => ({ default: module.DialogHost })),
);

export const APP_NAME = 'Parity';

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
}

/** Keeps document.title in step with the deepest route that names a title or crumb. */
function useDocumentTitle() {
  const title = titleOf(useMatches());
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * Mounts the dialog host once the first dialog opens: Mantine's Modal (with its scroll area and
 * positioning code) then loads, keeping it out of the first load of pages such as /login.
 */
function DeferredDialogHost() {
  const dialogs = useDialogs();
  const [needed, setNeeded] = useState(false);
  if (dialogs.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  ) : null;
}

/** The root route: page title, scroll restoration and the dialog host (inside the router, so dialogs may hold links). */
export function RootRoute() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <DeferredDialogHost />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code loads. */
export function PageLoader() {
  return (
    <Center mih="100vh" component="main" aria-busy="true">
      <Loader aria-label="Loading the page" />
    </Center>
  );
}
