/**
 * A witness of the journal log on the command line (docs/transparency.md "Witnesses"):
 *
 *   npm run witness -- --log URL [--state FILE] [--key FILE] [--name NAME] [--log-key VKEY]
 *
 * --log      the site whose log to witness (its API under /api/transparency)
 * --state    where the last verified checkpoint is kept (default witness-state.json)
 * --key      the witness's Ed25519 seed, created on first use (default witness-key)
 * --name     the witness's key name (default local-witness)
 * --log-key  the log's C2SP verifier key to pin (default: the one kept, else the log's own, first run)
 *
 * Prints the witness's verifier key (the log accepts its cosignatures once it is in the log's
 * TRANSPARENCY_WITNESSES) and what it did. Exit 0: cosigned; 2: a split view, refused (both
 * checkpoints printed); 1: anything else. Run it as often as the log seals (cron, a timer).
 * Shares no code with the server (scripts/witness/).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runWitness } from './witness/witness';

/** Runs the witness with `argv`; prints through `print`; answers the exit code. */
export async function main(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      log: { type: 'string' },
      state: { type: 'string', default: 'witness-state.json' },
      key: { type: 'string', default: 'witness-key' },
      name: { type: 'string', default: 'local-witness' },
      'log-key': { type: 'string' },
    },
  });
  if (!values.log) {
    print('usage: npm run witness -- --log URL [--state FILE] [--key FILE] [--name NAME] [--log-key VKEY]');
    return 1;
  }
  const result = await runWitness({
    log: values.log,
    statePath: values.state,
    keyPath: values.key,
    name: values.name,
    logKey: values['log-key'],
  });
  print(`witness key: ${result.witnessKey}`);
  print(result.message);
  return { cosigned: 0, refused: 2, failed: 1 }[result.outcome];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
