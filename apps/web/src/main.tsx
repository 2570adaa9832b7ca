import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './app/provider';
import { createAppRouter } from './app/router';
import { type AppRouter, bindLogoutToRouter } from './app/session-navigation';
import { applyAppStylesheets } from './lib/app-stylesheets';
import { loadComponentStyles } from './lib/component-styles';
import { loadMaintenanceStatus } from './lib/maintenance';
import { nextTask } from './lib/next-task';
import { initialize } from './lib/startup';
import { whenReadsSettle } from './lib/when-reads-settle';

async function main() {
  // Spec section 4: initialize the caches, then mount even if that failed (initialize never rejects).
  // The styles load meanwhile; the first render waits for them.
  const styled = applyAppStylesheets();
  await initialize();

  const queryClient = createQueryClient();
  // Once the first page's own reads are done (neither is part of its first paint): the maintenance
  // status is stored for the banner (a failed fetch is already logged, and the app goes on
  // without it), and the other components' styles load for the next page or panel.
  void whenReadsSettle(queryClient).then(() => {
    loadMaintenanceStatus(queryClient).catch(() => undefined);
    loadComponentStyles().catch(() => undefined);
  });
  let router: AppRouter | undefined;
  // Bound before the router exists: its first load may already run the sign-in guard.
  bindLogoutToRouter(queryClient, () => router);
  // Each start-up step in a task of its own: together (the router's first load runs the page's
  // modules) they held a phone's main thread for 400 ms at once (issue #20).
  await nextTask();
  router = createAppRouter(queryClient);
  await nextTask();

  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');
  const root = createRoot(container);
  await styled;
  // Rendered as a transition, the first render yields to the browser every few milliseconds
  // instead of holding the main thread for the whole tree (a phone's input stays responsive).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}

void main();
