/**
 * Route config for @fastify/rate-limit (registered in app.ts unless RATE_LIMIT=false):
 * at most `max` requests per `minutes` per client IP, or per IP + e-mail of the body when `byEmail`.
 */
export function rateLimited(max: number, minutes: number, opts: { byEmail?: boolean } = {}) {
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      ...(opts.byEmail && {
        keyGenerator: (req: { ip: string; body?: unknown }) =>
          `${req.ip}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
      }),
    },
  };
}
