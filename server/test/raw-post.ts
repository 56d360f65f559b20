/** Raw-body POSTs for tests: what `injector` (test/app.ts) would JSON-encode goes over as it is. */
import type { FastifyInstance } from 'fastify';

/**
 * POSTs `payload` to `url` of `app` untouched, with the content type `contentType`: a PDF, a signed
 * note as text/plain, or a malformed or non-JSON body. Answers the injected response.
 */
export function postRaw(
  app: Pick<FastifyInstance, 'inject'>,
  url: string,
  contentType: string,
  payload: string | Buffer,
) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}
