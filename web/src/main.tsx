/**
 * The browser entry. A page prerendered at build time (web/prerender-plugin.ts) arrives with its
 * markup in #root: the lazy routes it matches are loaded first, then React hydrates that markup
 * (react-router: "lazy routes and hydration"). Any other page is rendered into the empty #root.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type DataRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter, routes } from './app/router';

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
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  if (root.hasChildNodes()) {
    await loadMatchedRoutes();
    hydrateRoot(root, <App router={createRouter()} />);
  } else {
    createRoot(root).render(<App router={createRouter()} />);
  }
}

void start();
