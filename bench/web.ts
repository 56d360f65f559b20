/**
 * `npm run bench:web`: builds the web app, serves it with the real server (tsx server/main.ts on a
 * temp data dir and a free port) and measures the home page `/`:
 *  - initial JS and CSS: every script and stylesheet the page requests while it loads, without any
 *    scrolling or clicking, with each file's gzip size (gzip -9 of the built file) and the bytes
 *    the server actually sent (it serves brotli where the browser accepts it);
 *  - Lighthouse (mobile preset, simulated throttling, Debian Chromium headless) performance score,
 *    LCP, CLS, FCP and TBT, with third-party hosts blocked, over `--runs N` runs (3 by default: the
 *    score moves with the machine's load), judged on the median run;
 *  - the LCP element, and whether it is in the HTML the server sends (prerendered) or needs JS.
 * Targets: performance ≥ 95, CLS < 0.05, initial JS ≤ 170 KB gzip. Prints the figures, met or not,
 * and exits 1 if a target is missed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, waitForHealth } from '../server/test/processes';
import { startSmtpReceiver } from '../server/test/smtp-receiver';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist/web');
const CHROMIUM = '/usr/bin/chromium';
/** Hosts of the charting provider and the translation element: blocked as in the e2e journeys. */
const BLOCKED = [
  '*tradingview.com*',
  '*translate.google.com*',
  '*translate.googleapis.com*',
  '*gstatic.com*',
  '*googleusercontent.com*',
];
const TARGETS = { performance: 95, cls: 0.05, initialJsKb: 170 };
/** Lighthouse runs (`npm run bench:web -- --runs 5`); the median run is judged. */
const RUNS = Math.max(1, Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3);

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function build(): void {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Gzip size of a built asset served at `pathname`. */
function gzipSize(pathname: string): number {
  return gzipSync(readFileSync(path.join(DIST, pathname)), { level: 9 }).length;
}

interface Audit {
  score: number;
  /** Text (or label) of the largest contentful paint element. */
  lcpElement: string;
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
  /** Same-origin requests of the page load. */
  requests: NetworkRequest[];
  opportunities: string[];
}

/** One Lighthouse run (mobile preset) of `url` in the Chromium listening on `port`. */
async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    blockedUrlPatterns: BLOCKED,
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const origin = new URL(url).origin;
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as {
      items?: { items?: { node?: { nodeLabel?: string } }[] }[];
    }
  )?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.nodeLabel ?? '',
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    requests: ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ?? []).filter(
      (r) => r.url.startsWith(origin),
    ),
    opportunities: Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
      .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  };
}

interface Asset {
  path: string;
  gzip: number;
  sent: number;
}

/** The built files of type `ext` among `requests`, with their gzip size and the bytes sent. */
function assetsOf(requests: NetworkRequest[], ext: string): Asset[] {
  return requests
    .map((r) => ({ path: new URL(r.url).pathname, sent: r.transferSize ?? 0 }))
    .filter((r) => r.path.endsWith(ext))
    .map((r) => ({ ...r, gzip: gzipSize(r.path) }));
}

const total = (list: Asset[], key: 'gzip' | 'sent') => list.reduce((sum, item) => sum + item[key], 0);
const verdict = (met: boolean) => (met ? 'target met' : 'TARGET MISSED');

/** Whether the LCP element's text is in `html` (the page as served, before any script runs). */
function inServerHtml(lcpElement: string, html: string): boolean {
  const text = lcpElement.replace(/…$/, '').trim().slice(0, 60);
  const decoded = html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return text.length > 0 && decoded.includes(text);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Prints the figures of the median of `runs` against the targets; true when every target is met. */
function report(runs: Audit[], html: string): boolean {
  const run = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
  const js = assetsOf(run.requests, '.js');
  const css = assetsOf(run.requests, '.css');
  const met = {
    js: total(js, 'gzip') / 1024 <= TARGETS.initialJsKb,
    performance: run.score >= TARGETS.performance,
    cls: run.cls < TARGETS.cls,
  };
  console.log('\nbench:web — / (Lighthouse mobile preset, simulated throttling; third-party hosts blocked)');
  console.log('\nInitial JS and CSS of / (loaded without scrolling or clicking):');
  for (const file of [...js, ...css]) {
    console.log(
      `  ${file.path.padEnd(52)} ${kb(file.gzip).padStart(9)} gzip ${kb(file.sent).padStart(9)} sent`,
    );
  }
  console.log('');
  console.log(
    `  initial JS          ${kb(total(js, 'gzip'))} gzip (${kb(total(js, 'sent'))} sent) in ${js.length} files   ${verdict(met.js)}`,
  );
  console.log(
    `  initial CSS         ${kb(total(css, 'gzip'))} gzip (${kb(total(css, 'sent'))} sent) in ${css.length} files`,
  );
  console.log(`\nLighthouse, ${runs.length} run(s):`);
  for (const [index, r] of runs.entries()) {
    console.log(
      `  run ${index + 1}: score ${r.score}, LCP ${seconds(r.lcp)}, FCP ${seconds(r.fcp)}, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}`,
    );
  }
  const scores = runs.map((r) => r.score);
  console.log(`\nMedian run (scores ${Math.min(...scores)}–${Math.max(...scores)}):`);
  console.log(`  performance score   ${String(run.score).padEnd(10)} ${verdict(met.performance)}`);
  console.log(`  LCP                 ${seconds(run.lcp)}`);
  console.log(`  CLS                 ${run.cls.toFixed(3).padEnd(10)} ${verdict(met.cls)}`);
  console.log(`  FCP                 ${seconds(run.fcp)}`);
  console.log(`  TBT                 ${Math.round(run.tbt)} ms`);
  console.log(
    `  LCP element         "${run.lcpElement}" — ${inServerHtml(run.lcpElement, html) ? 'in the HTML the server sends (no JS needed)' : 'NOT in the HTML the server sends (painted by JS)'}`,
  );
  if (run.opportunities.length) console.log(`  opportunities:      ${run.opportunities.join('; ')}`);
  return met.js && met.performance && met.cls;
}

async function main(): Promise<void> {
  build();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const smtp = await startSmtpReceiver(undefined, { keep: false }); // production requires SMTP_URL
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    },
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForHealth(port, server, 60_000);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const runs: Audit[] = [];
    for (let n = 0; n < RUNS; n += 1) runs.push(await audit(`${origin}/`, chrome.port));
    const html = await (await fetch(`${origin}/`)).text();
    if (!report(runs, html)) process.exitCode = 1;
  } finally {
    if (chrome) await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
