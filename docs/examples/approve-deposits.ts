/**
 * Example (docs/integrations.md "Example: a typed client"): a script that approves the pending
 * deposits with an API key holding `deposits.review`, through a client typed from the OpenAPI
 * document.
 * server/test/integration-examples.test.ts runs it against a real app.
 *
 * The types come from the document the API serves:
 *   npx openapi-typescript https://broker.example/api/v1/openapi.json -o broker-api.d.ts
 * (here, the copy `npm run openapi` writes to dist/openapi.d.ts).
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../dist/openapi';

/**
 * Approves every pending deposit; answers each one's id and the HTTP status of its approval.
 * `origin` is the site's (`https://broker.example`): the document's paths start with /api.
 */
export async function approvePendingDeposits(origin: string, apiKey: string) {
  const api = createClient<paths>({ baseUrl: origin, headers: { authorization: `Bearer ${apiKey}` } });
  const { data, error } = await api.GET('/api/reviews/pending');
  if (error) throw new Error(`${error.code}: ${error.message}`);
  const results: { id: string; status: number }[] = [];
  for (const row of data.data.filter((r) => r.kind === 'deposit')) {
    const { response } = await api.PUT('/api/deposits/{id}/approve', { params: { path: { id: row._id } } });
    // 200: approved; 202: held for a second staff member (four-eyes); 403: the key lacks deposits.review
    results.push({ id: row._id, status: response.status });
  }
  return results;
}
