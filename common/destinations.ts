/**
 * Withdrawal destination formats, checksums included (docs/security.md "Withdrawal address book").
 * The server checks a saved destination with these functions and the web form checks it with the
 * same ones, so the form refuses what the server would. Every check decodes the text with a
 * well-kept library and verifies its checksum; none is a regular expression alone:
 *
 * - Bitcoin (mainnet): segwit addresses in bech32 (witness v0, BIP-173) or bech32m (v1 to v16,
 *   BIP-350), and legacy base58check addresses (P2PKH version 0x00, P2SH version 0x05), through
 *   `@scure/base` with `@noble/hashes`' sha256;
 * - Ethereum: `0x` and 40 hex digits; a mixed-case address must carry the EIP-55 checksum (keccak-256
 *   from `@noble/hashes`), an all-lower or all-upper one is accepted as un-checksummed, as EIP-55 says;
 * - TRON: base58check of 21 bytes whose first byte is 0x41 (the `T…` addresses);
 * - USDT on TRON and on Ethereum: the TRON and Ethereum formats;
 * - IBAN (ISO 13616, the mod-97 check digits and each country's length and layout) and BIC
 *   (ISO 9362, with a known country code) through `ibantools`.
 */
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** The networks a crypto destination can be on. */
export const DESTINATION_NETWORKS = ['bitcoin', 'ethereum', 'usdt_tron', 'usdt_ethereum'] as const;
export type DestinationNetwork = (typeof DESTINATION_NETWORKS)[number];

/**
 * The networks each wallet of the withdrawal form pays out on: a crypto withdrawal to `wallet` goes
 * to an address-book destination on one of these (server/modules/beneficiaries `usableDestination`,
 * and the form's choice of destinations).
 */
export const WALLET_NETWORKS: Record<'bitcoin' | 'ethereum' | 'usdt', readonly DestinationNetwork[]> = {
  bitcoin: ['bitcoin'],
  ethereum: ['ethereum'],
  usdt: ['usdt_tron', 'usdt_ethereum'],
};

/** What each network is called on screen. */
export const NETWORK_LABELS: Record<DestinationNetwork, string> = {
  bitcoin: 'Bitcoin (BTC)',
  ethereum: 'Ethereum (ETH)',
  usdt_tron: 'USDT on TRON (TRC-20)',
  usdt_ethereum: 'USDT on Ethereum (ERC-20)',
};

/** The withdrawal form's wallet each network pays out in (`common/schemas/withdrawals.ts`). */
export const NETWORK_WALLET: Record<DestinationNetwork, 'bitcoin' | 'ethereum' | 'usdt'> = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  usdt_tron: 'usdt',
  usdt_ethereum: 'usdt',
};

const base58check = createBase58check(sha256);

/** Bitcoin's segwit rule (BIP-173 "Segwit address format", amended by BIP-350). */
function isSegwitAddress(text: string): boolean {
  if (text.length > 90) return false;
  for (const [codec, isV0] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    const decoded = codec.decodeUnsafe(text, 90);
    if (!decoded || decoded.prefix !== 'bc' || decoded.words.length === 0) continue;
    const version = decoded.words[0];
    if (version > 16 || (version === 0) !== isV0) continue;
    const program = codec.fromWordsUnsafe(decoded.words.slice(1));
    if (!program || program.length < 2 || program.length > 40) continue;
    if (version === 0 && program.length !== 20 && program.length !== 32) continue;
    return true;
  }
  return false;
}

/** Decodes base58check text, or null when it is not (bad alphabet, wrong checksum). */
function base58checkBytes(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/**
 * Whether `text` is a Bitcoin mainnet address: segwit (bech32 v0, bech32m v1+; BIP-173, BIP-350)
 * or base58check P2PKH (`1…`) / P2SH (`3…`). Testnet addresses are refused.
 */
export function isBitcoinAddress(text: string): boolean {
  if (/^bc1/i.test(text)) return isSegwitAddress(text);
  const bytes = base58checkBytes(text);
  return bytes !== null && bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
}

/** The EIP-55 form of 40 hex digits: each letter upper-case where keccak-256's nibble is ≥ 8. */
export function eip55Checksum(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  }
  return `0x${out}`;
}

/**
 * Whether `text` is an Ethereum address: `0x` and 40 hex digits, and a mixed-case one must match its
 * EIP-55 checksum exactly (all-lower and all-upper are accepted as un-checksummed, per EIP-55).
 */
export function isEthereumAddress(text: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const body = text.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55Checksum(body) === text;
}

/** Whether `text` is a TRON address: base58check of 21 bytes starting with 0x41. */
export function isTronAddress(text: string): boolean {
  const bytes = base58checkBytes(text);
  return bytes !== null && bytes.length === 21 && bytes[0] === 0x41;
}

/** Whether `address` is a valid address on `network` (USDT uses its chain's format). */
export function isCryptoAddress(network: DestinationNetwork, address: string): boolean {
  switch (network) {
    case 'bitcoin':
      return isBitcoinAddress(address);
    case 'ethereum':
    case 'usdt_ethereum':
      return isEthereumAddress(address);
    case 'usdt_tron':
      return isTronAddress(address);
  }
}

/** An IBAN without spaces, upper-case (ISO 13616's electronic format); `''` for nothing. */
export function ibanElectronic(text: string): string {
  return electronicFormatIBAN(text) ?? '';
}

/**
 * Whether `text` is an IBAN (ISO 13616): printed with or without spaces; its country's length and
 * layout and its mod-97 check digits must hold.
 */
export function isIban(text: string): boolean {
  const iban = ibanElectronic(text);
  return iban !== '' && isValidIBAN(iban);
}

/** Whether `text` is a BIC / SWIFT code (ISO 9362: 8 or 11 characters, a known country code). */
export function isBic(text: string): boolean {
  return isValidBIC(text.trim().toUpperCase());
}
