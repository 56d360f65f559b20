/**
 * The project root: the nearest directory above this module that holds package.json. Found by
 * walking up rather than by a fixed relative path, because this module runs both as source
 * (server/paths.ts under tsx or Vitest) and bundled into dist/server/main.js (`npm run build:server`),
 * which sit at different depths. Paths to files of the project (the built web app, the SQL
 * migrations) are derived from it, never from a module's own location.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** Absolute path of the project root (the folder of package.json). */
export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The built web app (`npm run build:web`), served unless WEB_DIR says otherwise. */
export const WEB_ROOT = path.join(ROOT, 'dist/web');

/** The SQL migrations, applied when the database is opened (read from the source folder). */
export const MIGRATIONS_DIR = path.join(ROOT, 'server/db/migrations');
