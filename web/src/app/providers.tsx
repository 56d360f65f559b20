// The Mantine styles of the components the public layout and pages show at once, in the order of
// Mantine's own stylesheet and in its `mantine` layer; the pages' other components bring theirs,
// and every other page loads the whole stylesheet (app/full-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { MantineProvider, VisuallyHidden } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useRouteFocus } from '../hooks/use-route-focus';
import { FormErrorAnnouncer } from '../components/form-error-announcer';
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

const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

/**
 * The toast container, downloaded with the first toast: `notifications.show` (lib/notify.ts) only
 * queues in a store, and the container shows what is queued once it has loaded.
 */
function LazyNotifications() {
  const pending = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  if (pending && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** App-wide providers around the router: TanStack Query, Mantine theme and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <LazyNotifications />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/**
 * The root route's component: scroll restoration (new pages open at the top), each page's
 * document title from its h1 (hooks/use-document-title.ts), and on a route change focus on the new
 * h1 with its title announced (hooks/use-route-focus.ts); a form's refused submission focuses its
 * first invalid field and says a summary (components/form-error-announcer.tsx). Modals are
 * provided around the signed-in areas only (modals-outlet.tsx).
 */
export function RouterProviders() {
  useDocumentTitle();
  const announcement = useRouteFocus();
  return (
    <>
      <ScrollRestoration />
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-route-announcer="">
        {announcement}
      </VisuallyHidden>
      <FormErrorAnnouncer />
      <Outlet />
    </>
  );
}
