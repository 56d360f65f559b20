/**
 * Renders a screen as the app does, for a web component test: the app's Mantine theme, the toast
 * container, the modals (`modals.open`), a TanStack Query client of its own (no retries, nothing
 * cached across tests) and a memory router at `route`, so a page's links, `useSearchParams` and
 * `navigate` work. Answers the Testing Library queries for the document and a user-event session
 * to type and click with.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { cssVariablesResolver, theme } from '../src/app/theme';

/** Where the screen is mounted (`route`, default `/`), and its route pattern (`path`, default the route's own path). */
interface RenderOptions {
  route?: string;
  path?: string;
}

/** Renders `ui` at `route`; answers Testing Library's queries, the user-event session and the router. */
export function renderScreen(ui: ReactElement, { route = '/', path }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: path ?? new URL(route, 'http://localhost').pathname, element: ui },
      // where a screen navigates to: an empty page whose URL the test reads from `router.state`
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [route] },
  );
  // the window's own URL too: what the app reads from `window.location` (where a toast shows, where
  // a 401 leads) sees the screen's route
  window.history.replaceState(null, '', route);
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, router };
}

/**
 * Puts `text` into `field` as a paste: one input event instead of a keystroke per character, which
 * on a loaded two-core runner was the difference between 8 s and past the 30 s budget.
 */
export async function pasteInto(
  user: ReturnType<typeof renderScreen>['user'],
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
