/**
 * The journal's seal as a process of its own, for `npm run bench` (bench/lib/sealing.ts): it runs
 * `sealJournal` (server/modules/transparency/seal.ts, the job that server/jobs.ts runs every
 * TRANSPARENCY_SEAL_INTERVAL_MS) on the bench's database, driven by lines on stdin:
 *
 *   catch-up   seal until nothing is left, then print `{"caughtUp": <entries>, "ms": <elapsed>}`
 *   on <ms>    seal every <ms> until `off`
 *   off        stop after the running pass; print `{"off": true, "seals": <n>, "appended": <entries>}`
 *   exit       close the database and end
 *
 * Its own process, so that its CPU is not the load generator's; the database work is the job's.
 * The URL comes in BENCH_SEAL_URL.
 */
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db/client';
import { sealJournal } from '../server/modules/transparency/seal';
import { signingKeyFromSeed } from '../server/modules/transparency/signing-key';

const url = process.env.BENCH_SEAL_URL;
if (!url) throw new Error('BENCH_SEAL_URL is not set');
const database = await openDatabase({ url, pool: { size: 2 } });
const key = signingKeyFromSeed(randomBytes(32));
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> = Promise.resolve();
let seals = 0;
let appended = 0;

/** One pass, never two at once. */
const pass = () => {
  running = running.then(async () => {
    const r = await sealJournal(database.db, key);
    seals++;
    appended += r.appended;
    return r;
  });
  return running;
};

for await (const line of createInterface({ input: process.stdin })) {
  const [command, arg] = line.trim().split(/\s+/);
  if (command === 'catch-up') {
    const started = Date.now();
    let total = 0;
    for (;;) {
      const r = (await pass()) as { appended: number };
      total += r.appended;
      if (r.appended === 0) break;
    }
    say({ caughtUp: total, ms: Date.now() - started });
  } else if (command === 'on') {
    seals = 0;
    appended = 0;
    timer = setInterval(() => void pass(), Number(arg));
  } else if (command === 'off') {
    clearInterval(timer);
    await running;
    say({ off: true, seals, appended });
  } else if (command === 'exit') {
    clearInterval(timer);
    await running;
    break;
  }
}
await database.close();
