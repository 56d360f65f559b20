/**
 * The browser entry. A page prerendered at build time (web/prerender-plugin.ts) arrives with its
 * markup in #root: the lazy routes it matches are loaded first, then React hydrates that markup
 * (react-router: "lazy routes and hydration"). Any other page is rendered into the empty #root.
 * Pages outside the public site's own load the whole Mantine stylesheet with their code.
 */
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { AppProviders } from './app/providers';
import { PUBLIC_PAGES } from './app/public-pages';
import { createRouter, routes } from './app/router';

/**
 * Makes every lazy route that no public page matches (app/public-pages.ts) load the whole Mantine
 * stylesheet (app/full-styles.ts) along with its code; the router renders it once both are in.
 */
function loadFullStylesWithOtherRoutes(): void {
  const publicRoutes = new Set(
    PUBLIC_PAGES.flatMap((page) => (matchRoutes(routes, page) ?? []).map((m) => m.route)),
  );
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      const { lazy } = route;
      if (typeof lazy === 'function' && !publicRoutes.has(route)) {
        route.lazy = async () => (await Promise.all([lazy(), import('./app/full-styles')]))[0];
      }
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
}

/** Resolves the lazy routes matching the current URL into the route objects themselves. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

function App({ router }: { router: DataRouter }) {
  // <html data-app-ready> once React has hydrated (or first rendered) the page: the browser
  // journeys wait for it before they click, as a click on prerendered markup does nothing before.
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

async function start(): Promise<void> {
  loadFullStylesWithOtherRoutes();
  const root = document.getElementById('root')!;
  if (root.hasChildNodes()) {
    await loadMatchedRoutes();
    // As a transition, hydration yields to the browser every few milliseconds instead of running
    // as one long task (as react-router's own client entry does).
    startTransition(() => {
      hydrateRoot(root, <App router={createRouter()} />);
    });
  } else {
    createRoot(root).render(<App router={createRouter()} />);
  }
}

void start();
