/**
 * The API as the web component tests see it: an MSW server (node interceptors, no network) whose
 * handlers are typed from the OpenAPI document (`dist/openapi.d.ts`, generated from
 * `dist/openapi.json` by scripts/api-types.ts; `npm run lint:api-types` makes both), so a handler's
 * path, parameters, body and answer must be those of a real operation. Each test adds the handlers
 * it needs with `server.use(...)`; a call none answers fails the test (web/test/setup.ts).
 */
import { setupServer } from 'msw/node';
import { createOpenApiHttp } from 'openapi-msw';
import type { paths } from '../../dist/openapi';

/** Typed request handlers: `http.post('/api/deposits', ({ request, response }) => ...)`. */
export const http = createOpenApiHttp<paths>({ baseUrl: 'http://localhost' });

/** The MSW server of every test; setup.ts starts it, resets its handlers after each test and stops it. */
export const server = setupServer();
