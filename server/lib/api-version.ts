/**
 * The API's versioned paths (docs/integrations.md "Versioned paths"): `/api/v1/…` is an alias of
 * `/api/…`, so an integration can pin the version it was written for while the paths the web app
 * and the product's clients use stay as they are; `/api/v1/openapi.json` is the OpenAPI document
 * (`/api/docs/json`). The alias is a rewrite before routing: one route table, one document, the
 * same guards, limits and audit for both spellings.
 */

/** The one version the API has; a new one would be a new prefix, its old routes kept beside it. */
export const API_VERSION = 'v1';

const VERSIONED = `/api/${API_VERSION}`;

/**
 * The path (with its query) a request for `url` is routed by: `/api/v1/x?q` → `/api/x?q`,
 * `/api/v1/openapi.json` → `/api/docs/json`, and any other URL unchanged (`/api/v10/x` too).
 */
export function unversionedUrl(url: string): string {
  if (!url.startsWith(VERSIONED)) return url;
  const rest = url.slice(VERSIONED.length);
  if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) return url;
  const [path, query] = splitQuery(rest);
  if (path === '/openapi.json') return `/api/docs/json${query}`;
  return `/api${path}${query}`;
}

/** `"/x?q=1"` → `["/x", "?q=1"]`. */
function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
