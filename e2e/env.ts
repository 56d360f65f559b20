/**
 * Shared settings of the e2e servers (serve.ts) and the journeys. E2E_PORT (default 3100) lets two
 * runs share the machine: each gets its own ports, web build and mail folders under e2e/.output.
 * A run uses two ports: E2E_PORT, and the next one for the server that requires two-factor
 * authentication of staff (so runs sharing the machine keep their E2E_PORTs at least 2 apart).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
const OUTPUT_DIR = `e2e/.output/${E2E_PORT}`;
export const MAIL_DIR = `${OUTPUT_DIR}/mail`;
/**
 * The web app build the e2e server serves (built by playwright.config.ts's first webServer
 * command). E2E_WEB_DIR lets the second server serve the first one's build instead of its own.
 */
export const WEB_DIR = process.env.E2E_WEB_DIR ?? `${OUTPUT_DIR}/web`;

/** The second e2e server: same build and demo data, started with STAFF_TWO_FACTOR=required. */
export const STAFF_2FA_PORT = E2E_PORT + 1;
export const STAFF_2FA_BASE_URL = `http://127.0.0.1:${STAFF_2FA_PORT}`;

/**
 * The transparency signing key of the e2e servers (a test seed, never a real one): playwright.config.ts
 * sets it for the web build and both servers, so the build pins the key the servers sign with
 * (scripts/transparency-pin.ts).
 */
export const E2E_SIGNING_KEY = 'e2e0000000000000000000000000000000000000000000000000000000000e2e';
