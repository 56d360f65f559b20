import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ApiError } from '../lib/api-client';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; a dropped connection might.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/** App-wide providers around the router: TanStack Query, Mantine theme and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={5000} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/**
 * The root route's component: providers that need the router inside them (modals may hold links),
 * and scroll restoration (new pages open at the top).
 */
export function RouterProviders() {
  return (
    <ModalsProvider>
      <ScrollRestoration />
      <Outlet />
    </ModalsProvider>
  );
}
