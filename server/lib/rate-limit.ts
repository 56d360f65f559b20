/**
 * Per-IP rate limits for @fastify/rate-limit (registered in app.ts unless RATE_LIMIT=false; counted
 * in the database by rate-limit-store.ts) and the client key they count by.
 *
 * An IPv6 client usually holds a whole /64 (RFC 4291 §2.5.4; providers hand out /64 or larger), so
 * counting per address would give every one of its 2^64 addresses a fresh budget: IPv6 addresses
 * are grouped by /64, IPv4 addresses (and IPv4-mapped IPv6 ones) count one by one (OWASP ASVS
 * 6.3.x; docs/security.md). A signed-in route may count per user instead (`perUser`). Per-account
 * limits of the sign-in (any IP) live in modules/auth/throttle.ts.
 */
import ipaddr from 'ipaddr.js';

/**
 * The key an IP counts under: the IPv4 address itself, or the /64 prefix of an IPv6 address written
 * as `2001:db8:1:2::/64`. A string that is not an IP (never from Fastify) is answered as given.
 */
export function clientIpKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** The e-mail of a request body, lower-cased ('' without one). */
function bodyEmail(body: unknown): string {
  return String((body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();
}

/**
 * Route config: at most `max` requests per `minutes` per client key (`clientIpKey`), or per client
 * key + the body's e-mail when `byEmail`.
 */
export function rateLimited(max: number, minutes: number, opts: { byEmail?: boolean } = {}) {
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      keyGenerator: (req: { ip: string; body?: unknown }) =>
        opts.byEmail ? `${clientIpKey(req.ip)}:${bodyEmail(req.body)}` : clientIpKey(req.ip),
    },
  };
}

/**
 * Route config: at most `max` requests per `minutes` per signed-in user, counted under
 * `<name>:<user id>`, or, without a user, per client key under `<name>-ip:<key>`. For routes behind
 * a guard: it runs before the limit (onRequest before preHandler), so the user is known.
 */
export function perUserRateLimited(name: string, max: number, minutes: number) {
  return {
    rateLimit: {
      ...rateLimited(max, minutes).rateLimit,
      keyGenerator: (req: { ip: string; auth?: { user: { id: string } } | null }) =>
        req.auth ? `${name}:${req.auth.user.id}` : `${name}-ip:${clientIpKey(req.ip)}`,
    },
  };
}
