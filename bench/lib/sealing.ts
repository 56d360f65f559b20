/**
 * Sealing under load, for `npm run bench` (docs/transparency.md, docs/performance.md): approvals
 * per second with the journal's seal running beside them ÷ without it, from the same API in the
 * same run. The seal runs in a process of its own (bench/sealer.ts) every second, sixty times the
 * production rate (TRANSPARENCY_SEAL_INTERVAL_MS defaults to 60 s), so each pass has about a
 * second of postings to append and sign.
 *
 * Before measuring, the seal catches up with the seeded history (over a million entries; timed and
 * reported, not part of the figure). Then four approval phases in the order off, on, on, off, so
 * that a drift over the phases (a table growing, the machine warming) weighs on both sides alike;
 * the figure is the approvals of the two "on" phases ÷ those of the two "off" phases.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { load, type LoadResult } from './measure';
import { ROOT, SECONDS } from './settings';

/** Milliseconds between two seals while the seal is on. */
export const SEAL_EVERY_MS = 1_000;

/** The sealer process and a way to send it a command and wait for its next JSON line. */
function startSealer(databaseUrl: string) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'sealer.ts')],
    { cwd: ROOT, env: { ...process.env, BENCH_SEAL_URL: databaseUrl } },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ended = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the sealer ended (${code}): ${stderr.slice(-2000)}`))),
  );
  ended.catch(() => undefined);
  return {
    /** Sends `command`; with `answer`, waits for the sealer's next line and answers it parsed. */
    async send<T>(command: string, answer = true): Promise<T | undefined> {
      child.stdin.write(`${command}\n`);
      if (!answer) return undefined;
      const next = await Promise.race([lines.next(), ended]);
      if (next.done) throw new Error(`the sealer closed its output: ${stderr.slice(-2000)}`);
      return JSON.parse(next.value) as T;
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null) return;
      child.stdin.write('exit\n');
      await new Promise((r) => child.once('exit', r));
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
 * once: split over the four phases), `requests(ids)` the autocannon requests approving them.
 */
export async function sealingEffect(opts: {
  origin: string;
  databaseUrl: string;
  ids: string[];
  requests: (ids: string[]) => Parameters<typeof load>[0]['requests'];
}): Promise<SealingEffect> {
  const sealer = startSealer(opts.databaseUrl);
  try {
    const caught = (await sealer.send<{ caughtUp: number; ms: number }>('catch-up'))!;
    const order = ['off', 'on', 'on', 'off'] as const;
    const chunk = Math.floor(opts.ids.length / order.length);
    const phases: SealingEffect['phases'] = [];
    let seals = 0;
    let appended = 0;
    for (const [i, seal] of order.entries()) {
      if (seal === 'on') await sealer.send(`on ${SEAL_EVERY_MS}`, false);
      const r: LoadResult = await load({
        url: opts.origin,
        requests: opts.requests(opts.ids.slice(i * chunk, (i + 1) * chunk)),
        seconds: Math.max(2, SECONDS / 2),
      });
      if (seal === 'on') {
        const off = (await sealer.send<{ seals: number; appended: number }>('off'))!;
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
    await sealer.stop();
  }
}
