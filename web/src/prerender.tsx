/**
 * Server rendering of public pages at build time (web/prerender-plugin.ts loads this module in
 * Node through Vite). `pages` lists the paths to prerender; `renderPage('/about')` answers the HTML
 * of the app's #root for that URL, rendered with react-router's static handler (which loads the
 * matched lazy routes) and the same providers as the browser entry (main.tsx), so the browser can
 * hydrate it.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

export { PRERENDERED_PAGES as pages } from './app/public-pages';

/** The markup of #root for `pathname`; throws if the page redirects or its route fails. */
export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`);
  if (context.errors) throw new Error(`${pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        {/* hydrate={false}: no inline data script (the CSP allows none, and no route has loaders) */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
