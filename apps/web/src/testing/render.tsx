import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** The app's providers as tests need them: Mantine and TanStack Query. */
export function TestProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <MantineProvider>{children}</MantineProvider>
    </QueryClientProvider>
  );
}

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  queryClient?: QueryClient;
}

/** Renders inside the app's providers with a fresh query client (or the one given). */
export function renderWithProviders(ui: ReactElement, { queryClient, ...options }: ProvidersOptions = {}) {
  const client = queryClient ?? createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders client={client}>{children}</TestProviders>
  );
  return { queryClient: client, ...render(ui, { wrapper, ...options }) };
}
