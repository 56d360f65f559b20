/**
 * Networks as CIDR ranges (STAFF_ALLOWED_NETWORKS, docs/security.md "Staff networks"), parsed and
 * matched by ipaddr.js (the parser Fastify's proxy handling already uses), never by a hand regex.
 *
 * - An entry is `address/prefix` (IPv4 in four-part decimal, or IPv6), or a bare address (one host:
 *   /32 or /128). A range with host bits set (`10.0.0.5/8`) is refused: it reads as one host but
 *   means 16 million, so the operator must write what they mean (`10.0.0.0/8`).
 * - A client address is matched after `ipaddr.process`, so an IPv4-mapped IPv6 address
 *   (`::ffff:192.0.2.7`, what a dual-stack socket reports) matches its IPv4 range.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** One parsed range: its network address and prefix length (bits). */
export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Splits one entry into its address and prefix (the whole width for a bare address); null when malformed. */
function parseEntry(entry: string): Network | null {
  const { IPv4, IPv6 } = ipaddr;
  if (entry.includes('/')) {
    if (IPv4.isValidCIDRFourPartDecimal(entry)) return IPv4.parseCIDR(entry);
    if (IPv6.isValidCIDR(entry)) return IPv6.parseCIDR(entry);
    return null;
  }
  if (IPv4.isValidFourPartDecimal(entry)) return [IPv4.parse(entry), 32];
  if (IPv6.isValid(entry)) return [IPv6.parse(entry), 128];
  return null;
}

/**
 * Parses a comma-separated list of ranges; an empty or blank list answers [] (any network).
 * Throws an Error naming the first bad entry (malformed, or host bits set).
 */
export function parseNetworks(list: string): Network[] {
  const entries = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`"${entry}" is not an IPv4 or IPv6 address or CIDR range`);
    const [address, bits] = parsed;
    const network = address.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6;
    const base = network.networkAddressFromCIDR(`${address.toString()}/${bits}`);
    if (base.toString() !== address.toString())
      throw new Error(`"${entry}" has host bits set: write ${base.toString()}/${bits}`);
    return parsed;
  });
}

/**
 * Whether `ip` (a client address as Fastify reports it) lies in one of `networks`; an empty list
 * allows every address. An unparsable address is in no network.
 */
export function inNetworks(ip: string, networks: readonly Network[]): boolean {
  if (networks.length === 0) return true;
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  return networks.some(([range, bits]) =>
    address instanceof ipaddr.IPv4
      ? range instanceof ipaddr.IPv4 && address.match(range, bits)
      : range instanceof ipaddr.IPv6 && address.match(range, bits),
  );
}

/** The ranges written back as the operator reads them (`10.0.0.0/8`, `2001:db8::/32`). */
export function formatNetworks(networks: readonly Network[]): string[] {
  return networks.map(([address, bits]) => `${address.toString()}/${bits}`);
}

/** An environment variable holding a list of ranges: parsed, or an issue naming the bad entry. */
export const networkListSchema = z
  .string()
  .default('')
  .transform((list, ctx) => {
    try {
      return parseNetworks(list);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });
