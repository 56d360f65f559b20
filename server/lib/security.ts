/**
 * The security headers of every answer (`securityHeaders`, helmet) and their Content Security
 * Policy: our own origin plus the exact third-party hosts the market
 * widgets (the charting provider's embed scripts and their iframes) and the page-translation
 * element need. Everything else is refused; no plugins, no <base>, no framing of our pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const WIDGETS = {
  scripts: ['https://s3.tradingview.com'],
  frames: ['https://www.tradingview-widget.com', 'https://s.tradingview.com'],
};
const TRANSLATION = {
  scripts: ['https://translate.google.com', 'https://translate.googleapis.com', 'https://www.gstatic.com'],
  styles: ['https://www.gstatic.com', 'https://translate.googleapis.com'],
  images: ['https://www.gstatic.com', 'https://translate.google.com', 'https://translate.googleapis.com'],
  connect: ['https://translate.googleapis.com'],
  frames: ['https://translate.google.com'],
};

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...WIDGETS.scripts, ...TRANSLATION.scripts],
  // Mantine sets inline style attributes and CSS variables
  styleSrc: ["'self'", "'unsafe-inline'", ...TRANSLATION.styles],
  imgSrc: ["'self'", 'data:', 'blob:', ...TRANSLATION.images],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", ...TRANSLATION.connect],
  frameSrc: [...WIDGETS.frames, ...TRANSLATION.frames],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet sets with our options (CSP with `CSP_DIRECTIVES`, HSTS when `hsts`, and its
 * other defaults), as `{ lowercase name: value }`: helmet's middleware run once against a response
 * that only records them. Our policy has no per-request part (no nonces), so every answer carries
 * the same headers.
 */
export function helmetHeaders(opts: { hsts: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES }, hsts: opts.hsts })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      failed = err;
    },
  );
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * Helmet's security headers (`helmetHeaders`) on every answer of `app`, computed ONCE: running
 * helmet's dozen middlewares on every request was about 4–6 % of the API's CPU on the dashboard
 * (docs/performance.md "The API's CPU"). Register it on the root instance.
 */
export function securityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  const headers = helmetHeaders(opts);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
