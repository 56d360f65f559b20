/** Shared settings of the e2e server (serve.ts) and the journeys. */
export const E2E_PORT = 3100;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_DIR = 'e2e/.output/mail';
