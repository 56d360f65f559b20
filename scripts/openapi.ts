/**
 * `npm run openapi`: writes the API's OpenAPI document, exactly as the app serves it at
 * /api/docs/json, to `dist/openapi.json` (or the path given as the first argument). The app is built
 * on an in-memory embedded database with test settings; nothing listens and nothing is kept.
 * `npm run lint:api` lints that file with Redocly's recommended rules (redocly.yaml).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestContext } from '../server/test/app';

const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const t = await createTestContext();
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await t.close();
}
