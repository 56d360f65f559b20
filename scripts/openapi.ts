/**
 * `npm run openapi`: writes the API's OpenAPI document, exactly as the app serves it at
 * /api/docs/json, to `dist/openapi.json` (or the path given as the first argument), and its `paths`
 * types (openapi-typescript) beside it, to `dist/openapi.d.ts`: the web's API calls are checked
 * against them (scripts/api-types.ts) and the web tests' MSW handlers typed by them (web/test/api.ts).
 * The app is built on an in-memory embedded database with test settings; nothing listens and
 * nothing is kept. `npm run lint:api` lints the document with Redocly's recommended rules (redocly.yaml).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestContext } from '../server/test/app';

const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const typesOut = out.replace(/\.json$/, '') + '.d.ts';
const t = await createTestContext();
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
  writeFileSync(typesOut, astToString(await openapiTS(res.json() as Parameters<typeof openapiTS>[0])));
  console.log(`wrote ${path.relative(process.cwd(), out)} and ${path.relative(process.cwd(), typesOut)}`);
} finally {
  await t.close();
}
