/**
 * The ledger's integrity check on the command line (docs/transparency.md "Integrity checks"):
 *
 *   npm run ledger:verify
 *
 * Against the database the server would use (`loadConfig`: DATABASE_URL's PostgreSQL, else the
 * embedded database in DATA_DIR), runs `runIntegrityCheck` (server/modules/transparency/integrity.ts)
 * over everything: the transparency log recomputed from the journal, every signed tree head (its
 * signatures checked with the configured key and TRANSPARENCY_KEY_HISTORY only), the ledger's
 * invariants and cached balances, every liabilities snapshot (those with a cut recomputed from the
 * ledger at it). Prints "ok" or the first divergence, and a note naming how many snapshots have no
 * cut (checked against their own leaves only), and exits 0 or 1. Reads only (one read-only transaction; no statement timeout); the
 * result is not stored (the scheduled check stores its own).
 *
 * `main(env, print)` answers the exit code; the file run directly (tsx) exits with it.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { config as readEnvFile } from 'dotenv';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runIntegrityCheck } from '../server/modules/transparency/integrity';
import { uncutSnapshotCount } from '../server/modules/transparency/liabilities-verify';
import { signatureTrustFor } from '../server/modules/transparency/signing-key';

/** Runs the check with `env`; prints through `print`; answers 0 (intact) or 1 (a divergence). */
export async function main(
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<number> {
  const config = loadConfig(env);
  const database = await openDatabase({
    url: config.databaseUrl,
    dir: config.dataDir ? path.join(config.dataDir, 'pglite') : undefined,
    pool: { size: 2, statementTimeoutMs: 0 },
  });
  try {
    const result = await runIntegrityCheck(database.db, { trust: signatureTrustFor(config) });
    print(
      result.ok
        ? `ok: the log, tree heads, ledger and liabilities snapshots agree (${database.driver}, ${result.durationMs} ms)`
        : `FAILED: ${result.firstDivergence}`,
    );
    const uncut = await uncutSnapshotCount(database.db);
    if (uncut > 0) {
      print(
        `note: ${uncut} liabilities snapshot(s) taken before cuts (version 1, from cached balances) were rebuilt from their leaves only: they cannot be recomputed from the ledger`,
      );
    }
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // the same .env the server reads (server/main.ts); the environment wins over it
  readEnvFile({ quiet: true });
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
