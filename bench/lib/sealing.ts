/**
 * Sealing under load, for `npm run bench` (docs/transparency.md, docs/performance.md): approvals
 * per second with the journal's seal running beside them ÷ without it, from the same API in the
 * same run. The seal (`sealJournal`, the job server/jobs.ts runs every TRANSPARENCY_SEAL_INTERVAL_MS)
 * runs every second, sixty times the production rate (60 s by default), so each pass has about a
 * second of postings to append and sign. It runs in the bench's own process, beside the load
 * generator: whatever CPU it takes there slows the load of the "on" phases too, so the figure errs
 * against the seal, never for it.
 *
 * Before measuring, the seal catches up with the seeded history (timed and reported, not part of
 * the figure). Then eight short approval phases in the order off on on off on off off on, so that a
 * drift over the phases (a table growing, the machine warming) weighs on both sides alike; the
 * figure is the approvals of the "on" phases ÷ those of the "off" phases.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../server/db/client';
import { sealJournal } from '../../server/modules/transparency/seal';
import { signingKeyFromSeed, type SigningKey } from '../../server/modules/transparency/signing-key';
import { load, type LoadResult } from './measure';
import { SECONDS } from './settings';

/** Milliseconds between two seals while the seal is on. */
export const SEAL_EVERY_MS = 1_000;

/**
 * The seal on a timer: `start()` runs `sealJournal` every SEAL_EVERY_MS (never two passes at once),
 * `stop()` waits for the running pass and answers the seals and entries since `start()`.
 */
function sealTimer(database: Database, key: SigningKey) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let counts = { seals: 0, appended: 0 };
  let error: unknown;
  const pass = () =>
    (running = running.then(async () => {
      const r = await sealJournal(database.db, key).catch((e: unknown) => {
        error ??= e;
        return { appended: 0 };
      });
      counts.seals++;
      counts.appended += r.appended;
    }));
  return {
    start() {
      counts = { seals: 0, appended: 0 };
      timer = setInterval(() => void pass(), SEAL_EVERY_MS);
    },
    async stop() {
      clearInterval(timer);
      await running;
      if (error) throw error;
      return counts;
    },
  };
}

export interface SealingEffect {
  /** Approvals/s with the seal on ÷ off (the two phases of each summed). */
  ratio: number;
  phases: Array<{ seal: 'off' | 'on'; rps: number; ok: number; otherStatuses: Record<string, number> }>;
  catchUp: { entries: number; ms: number };
  /** Seals run and entries appended during the "on" phases. */
  seals: number;
  appended: number;
  failures: string[];
}

/**
 * Measures the seal's effect on approvals: `ids` are pending deposits (each approved at most
 * once: split over the phases), `requests(ids)` the autocannon requests approving them, `rate`
 * the approvals/s measured before. Each phase sends a fixed number of approvals, about 3/8 of
 * SECONDS at `rate` (at most its share of `ids`), and its rate is over the time they took: a phase
 * cannot run out of deposits however fast it goes (with fixed durations, one that did answered
 * thousands of 400s to requests without an id).
 */
export async function sealingEffect(opts: {
  origin: string;
  databaseUrl: string;
  ids: string[];
  requests: (ids: string[]) => Parameters<typeof load>[0]['requests'];
  rate: number;
}): Promise<SealingEffect> {
  const database = await openDatabase({ url: opts.databaseUrl, pool: { size: 2, statementTimeoutMs: 0 } });
  const key = signingKeyFromSeed(randomBytes(32));
  try {
    const started = Date.now();
    let caughtUp = 0;
    for (let r = await sealJournal(database.db, key); r.appended > 0; r = await sealJournal(database.db, key))
      caughtUp += r.appended;
    const caught = { caughtUp, ms: Date.now() - started };
    const sealer = sealTimer(database, key);
    const order = ['off', 'on', 'on', 'off', 'on', 'off', 'off', 'on'] as const;
    const chunk = Math.floor(opts.ids.length / order.length);
    const amount = Math.min(chunk, Math.max(100, Math.round((opts.rate * SECONDS * 3) / 8)));
    const phases: SealingEffect['phases'] = [];
    let seals = 0;
    let appended = 0;
    for (const [i, seal] of order.entries()) {
      if (seal === 'on') sealer.start();
      const r: LoadResult = await load({
        url: opts.origin,
        requests: opts.requests(opts.ids.slice(i * chunk, (i + 1) * chunk)),
        amount,
      });
      if (seal === 'on') {
        const off = await sealer.stop();
        seals += off.seals;
        appended += off.appended;
      }
      phases.push({ seal, rps: r.rps, ok: r.ok, otherStatuses: r.otherStatuses });
    }
    const sum = (s: 'on' | 'off') => phases.filter((p) => p.seal === s).reduce((n, p) => n + p.rps, 0);
    const failures = phases
      .filter((p) => Object.keys(p.otherStatuses).length > 0)
      .map((p) => `sealing phase (seal ${p.seal}): non-2xx answers ${JSON.stringify(p.otherStatuses)}`);
    if (seals === 0) failures.push('the seal never ran during the "on" phases');
    return {
      ratio: sum('on') / sum('off'),
      phases,
      catchUp: { entries: caught.caughtUp, ms: caught.ms },
      seals,
      appended,
      failures,
    };
  } finally {
    await database.close();
  }
}
