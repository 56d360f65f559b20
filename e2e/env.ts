/**
 * Shared settings of the e2e server (serve.ts) and the journeys. E2E_PORT (default 3100) lets two
 * runs share the machine: each gets its own port, web build and mail folder under e2e/.output.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
const OUTPUT_DIR = `e2e/.output/${E2E_PORT}`;
export const MAIL_DIR = `${OUTPUT_DIR}/mail`;
/** The web app build the e2e server serves (built by playwright.config.ts's webServer command). */
export const WEB_DIR = `${OUTPUT_DIR}/web`;
