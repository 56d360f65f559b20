/**
 * The migrated PGlite image the journeys' servers start from (serve.ts, own-app.ts): made once and
 * kept under e2e/.output, named by a hash of the migrations and of PGlite's version, so a changed
 * migration makes a new one. Each server still runs the migrations on its copy at start-up (the
 * production path: nothing is left to apply), but none applies them all again: that took about
 * 10 CPU-seconds a server, and a CI run starts eight (three servers and five own apps).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, ROOT } from '../server/paths';
import { saveMigratedImage } from '../server/test/pglite-image';

const OUTPUT = path.join(ROOT, 'e2e/.output');

/** What the image depends on: every file of the migrations folder (meta/ too), and PGlite's version. */
function imageKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  const pglite = readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8');
  hash.update(JSON.parse(pglite).version as string);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The image as a Blob for `openDatabase({ image })`: read from e2e/.output when there, else made
 * and saved there first (written under a name of this process's own and renamed, so a server
 * starting meanwhile never reads half a file; two servers that both make it write the same).
 */
export async function migratedImage(): Promise<Blob> {
  const file = path.join(OUTPUT, `pglite-migrated-${imageKey()}.tar`);
  if (!existsSync(file)) {
    mkdirSync(OUTPUT, { recursive: true });
    const part = `${file}.${process.pid}.part`;
    await saveMigratedImage(part);
    renameSync(part, file);
  }
  return new Blob([readFileSync(file)]);
}
