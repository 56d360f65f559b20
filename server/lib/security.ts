/**
 * The security headers of every answer (`securityHeaders`, helmet) and their Content Security
 * Policy: our own origin plus the exact third-party hosts the market
 * widgets (the charting provider's embed scripts and their iframes) and the page-translation
 * element need. Everything else is refused; no plugins, no <base>, no framing of our pages.
 */
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
 * Helmet's security headers (CSP with `CSP_DIRECTIVES`, HSTS when `hsts`, and its other defaults) on
 * every answer of `app`, its middleware built ONCE: @fastify/helmet called `helmet(options)` on
 * every request, parsing the whole policy again each time (about 4 % of the API's CPU on the
 * dashboard, docs/performance.md "The API's CPU"). Register it on the root instance.
 */
export function securityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  const apply = helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES }, hsts: opts.hsts });
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
