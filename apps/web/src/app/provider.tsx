// Mantine's styles for the first paint; the others load with the pages that use them.
import '../styles/first-paint.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alerts } from '../components/alerts/alerts';
import { GlobalLoader } from '../components/loader/global-loader';
import { cssVariablesResolver, theme } from './theme';

/**
 * The API client already retries (no response, 408, 429, 5xx) and reports errors, so queries do
 * not retry again on their own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Mantine with Parity's theme, TanStack Query, the alert stack and the global loader. The dialog
 * host is mounted by the root route instead, inside the router, so dialog content may use links.
 */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <Alerts />
        <GlobalLoader />
      </QueryClientProvider>
    </MantineProvider>
  );
}
