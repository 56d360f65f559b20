/**
 * A migrated PGlite database saved as one tar file (PGlite's `dumpDataDir`), so that a database can
 * start from it (`openDatabase({ image })`) instead of applying every migration again: about 6 s and
 * 10 CPU-seconds on PGlite, each time. The API suites' global setup (database-template.ts) makes one
 * a run; the journeys' servers share one (e2e/migrated-image.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '../db/client';

/**
 * Migrates a new PGlite database with the app's own `openDatabase` (in a temporary folder, removed
 * afterwards) and writes it to `file` as a tar file. Throws what the migrations throw.
 */
export async function saveMigratedImage(file: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-image-'));
  try {
    await (await openDatabase({ dir: dataDir })).close();
    const saved = new PGlite({ dataDir, extensions: { pg_trgm } });
    await saved.waitReady; // dumpDataDir does not wait for it: without, the dump never settles
    writeFileSync(file, Buffer.from(await (await saved.dumpDataDir('none')).arrayBuffer()));
    await saved.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
