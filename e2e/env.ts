/**
 * Shared settings of the e2e servers (serve.ts) and the journeys. E2E_PORT (default 3100) lets two
 * runs share the machine: each gets its own ports, web build and mail folders under e2e/.output.
 *
 * E2E_WORKERS (default 1) journeys run at once, each Playwright worker against a server of its own
 * (its own embedded database and mail folder), so no journey sees another's rows or settings:
 * worker w on E2E_PORT + w. An own app of a journey (own-app.ts: the operator's tampers, passkeys
 * on `localhost`, STAFF_TWO_FACTOR=required) takes E2E_PORT + 10 + its slot, one slot per journey
 * file. So runs sharing the machine keep their E2E_PORTs at least 20 apart (E2E_WORKERS apart
 * with no own apps).
 */
/** The run's first port: the first worker's server. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** How many journeys run at once (playwright.config.ts `workers`), each on a server of its own. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/** The port of worker `w`'s server (0 ≤ w < E2E_WORKERS). */
export const serverPort = (w: number) => E2E_PORT + w;
/**
 * The port of the server this process talks to: in a Playwright worker, its own
 * (TEST_PARALLEL_INDEX, set by Playwright before the config and the specs load); elsewhere, the
 * first (e2e/serve.ts is started with E2E_PORT set to the port it serves on).
 */
const SERVER_PORT = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const BASE_URL = `http://127.0.0.1:${SERVER_PORT}`;
/** Where this process's server writes the mails it receives (one JSON file each). */
export const MAIL_DIR = `e2e/.output/${SERVER_PORT}/mail`;
/** The Unix socket of this process's server's test hooks (e2e/test-hooks.ts). */
export const HOOKS_SOCKET = `e2e/.output/${SERVER_PORT}/hooks.sock`;
/**
 * The web app build the e2e servers serve (built by playwright.config.ts's first webServer
 * command). E2E_WEB_DIR lets the other servers serve the first one's build instead of their own,
 * and a run serve a build made before it (.ci/run: the install's dist/web).
 */
export const WEB_DIR = process.env.E2E_WEB_DIR ?? `e2e/.output/${E2E_PORT}/web`;

/**
 * The transparency signing key of the e2e servers (a test seed, never a real one): playwright.config.ts
 * sets it for the web build and both servers, so the build pins the key the servers sign with
 * (scripts/transparency-pin.ts).
 */
export const E2E_SIGNING_KEY = 'e2e0000000000000000000000000000000000000000000000000000000000e2e';
