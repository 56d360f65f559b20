/**
 * The sequential and memory phases of `npm run bench`: reads that must not grow with a client's
 * history, the admin lists at 100,000 users and pending requests, and concurrent CSV exports.
 * Requests go one at a time from this process (fetch); each figure is the p50 of SAMPLES.
 * The growth ratios take the two clients' requests in turns, so machine noise hits both sides.
 */
import { pairedP50, readStatusKb, resetPeakRss, sequentialP50 } from './measure';
import { EXPORTS, SAMPLES } from './settings';

async function get(origin: string, token: string, path: string): Promise<Response> {
  const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

async function getJson<T>(origin: string, token: string, path: string): Promise<T> {
  return (await get(origin, token, path)).json() as Promise<T>;
}

/**
 * The first and the last page of GET /api/transaction/all for the client of `token`, 10 lines a
 * page: `?page=N&pageSize=10`, N from the first page's `total`. The one place that knows the
 * history's paging parameters.
 */
export async function historyPagePaths(
  origin: string,
  token: string,
): Promise<{ first: string; last: string }> {
  const first = '/api/transaction/all?page=1&pageSize=10';
  const { total } = await getJson<{ total: number }>(origin, token, first);
  return { first, last: `/api/transaction/all?page=${Math.max(1, Math.ceil(total / 10))}&pageSize=10` };
}

export interface GrowthResult {
  /** request → p50 (ms) for the small and the big client, and big ÷ small. */
  requests: Record<string, { small: number; big: number; ratio: number }>;
  max: number;
}

/** p50 of the dashboard and history reads for a client with a big history ÷ one with a small history. */
export async function historyGrowth(
  origin: string,
  bigToken: string,
  smallToken: string,
): Promise<GrowthResult> {
  const bigPages = await historyPagePaths(origin, bigToken);
  const smallPages = await historyPagePaths(origin, smallToken);
  const paths: Record<string, [string, string]> = {
    userMe: ['/api/user/me', '/api/user/me'],
    transactionLatest: ['/api/transaction', '/api/transaction'],
    historyFirstPage: [smallPages.first, bigPages.first],
    historyLastPage: [smallPages.last, bigPages.last],
  };
  const requests: GrowthResult['requests'] = {};
  for (const [name, [small, big]] of Object.entries(paths)) {
    const [p50Small, p50Big] = await pairedP50(
      () => get(origin, smallToken, small).then((r) => r.arrayBuffer()),
      () => get(origin, bigToken, big).then((r) => r.arrayBuffer()),
      SAMPLES,
    );
    requests[name] = { small: p50Small, big: p50Big, ratio: p50Big / p50Small };
  }
  return { requests, max: Math.max(...Object.values(requests).map((r) => r.ratio)) };
}

/**
 * p50 (ms) of the admin users list (GET /api/user/admin: first page, the middle page, a search)
 * and of the review queue (GET /api/reviews/pending: first page, the middle page) as the bench's
 * admin; each must answer rows (throws otherwise).
 */
export async function adminLists(
  origin: string,
  adminToken: string,
  users: number,
): Promise<Record<string, number>> {
  const deep = Math.max(1, Math.floor(users / 10 / 2));
  const paths: Record<string, string> = {
    usersFirstPage: '/api/user/admin?page=1&pageSize=10',
    usersDeepPage: `/api/user/admin?page=${deep}&pageSize=10`,
    usersSearch: '/api/user/admin?page=1&pageSize=10&search=crowd4242',
    reviewQueue: '/api/reviews/pending?page=1&pageSize=10',
    reviewQueueDeepPage: `/api/reviews/pending?page=${deep}&pageSize=10`,
  };
  const out: Record<string, number> = {};
  for (const [name, path] of Object.entries(paths)) {
    // a page that answers no rows (past a wrong total, a search that finds nothing) measures nothing
    const first = (await (await get(origin, adminToken, path)).json()) as { data?: unknown[] };
    if (!first.data?.length) throw new Error(`${name} (${path}) answered no rows`);
    out[name] = await sequentialP50(
      () => get(origin, adminToken, path).then((r) => r.arrayBuffer()),
      SAMPLES,
    );
  }
  return out;
}

export interface ExportResult {
  peakRssMb: number;
  /** Whether VmHWM was reset before the downloads (else it is the peak since the API started). */
  peakReset: boolean;
  bytesEach: number[];
  seconds: number;
}

/** EXPORTS concurrent downloads of GET /api/transaction/export.csv; the API's peak RSS meanwhile. */
export async function concurrentExports(
  origin: string,
  token: string,
  apiPid: number,
): Promise<ExportResult> {
  const peakReset = resetPeakRss(apiPid);
  let peakKb = readStatusKb(apiPid, 'VmRSS');
  const timer = setInterval(() => (peakKb = Math.max(peakKb, readStatusKb(apiPid, 'VmRSS'))), 50);
  const t0 = performance.now();
  try {
    const bytesEach = await Promise.all(
      Array.from({ length: EXPORTS }, async () => {
        const res = await get(origin, token, '/api/transaction/export.csv');
        let bytes = 0;
        for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
        return bytes;
      }),
    );
    if (peakReset) peakKb = Math.max(peakKb, readStatusKb(apiPid, 'VmHWM'));
    return { peakRssMb: peakKb / 1024, peakReset, bytesEach, seconds: (performance.now() - t0) / 1000 };
  } finally {
    clearInterval(timer);
  }
}
