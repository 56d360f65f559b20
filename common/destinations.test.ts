/**
 * The destination formats against the standards' own test vectors (common/destinations.ts). Each
 * kind has at least ten valid and ten invalid samples, with the source named above its list.
 */
import { describe, expect, it } from 'vitest';
import {
  isBic,
  isBitcoinAddress,
  isCryptoAddress,
  isEthereumAddress,
  isIban,
  isTronAddress,
} from './destinations';

const BITCOIN_VALID = [
  // BIP-350 "Test vectors for v0-v16 native segregated witness addresses" (the mainnet ones)
  'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
  'BC1SW50QGDZ25J',
  'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  // BIP-173 "Examples": mainnet P2WPKH and P2WSH
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  // base58check: the genesis block's P2PKH address; BIP-13's P2SH example; a P2PKH example
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
];
const BITCOIN_INVALID = [
  // BIP-350 invalid segwit addresses, with the BIP's reasons
  'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', // invalid human-readable part
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // Bech32 instead of Bech32m
  'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', // Bech32 instead of Bech32m
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // Bech32m instead of Bech32
  'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // invalid character in checksum
  'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // invalid witness version
  'bc1pw5dgrnzv', // program length 1 byte
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // 41 bytes
  'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // program length for witness version 0 (BIP-141)
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // zero padding of more than 4 bits
  'bc1gmk9yu', // empty data section
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzK5jj0', // mixed case
  // BIP-173's testnet P2WSH example: valid, but not mainnet
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
  // base58check with one character changed (the checksum no longer holds)
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
  // a TRON address: base58check, but version 0x41
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
];

const ETHEREUM_VALID = [
  // EIP-55 "Test Cases": all caps, all lower, normal
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  // published EIP-55 forms: the USDT (ERC-20) and WETH contracts
  '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
];
const ETHEREUM_INVALID = [
  // EIP-55's normal cases with one letter's case flipped (the checksum no longer holds)
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
  '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB',
  '0xdAC17F958D2ee523a2206206994597C13D831eC7',
  // wrong length, no prefix, a non-hex digit, upper-case prefix
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00',
  '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeG',
  '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
];

const TRON_VALID = [
  // TRON addresses: base58check of 0x41 + 20 bytes (TRON's "Account" docs; USDT and USDC TRC-20
  // contracts; the zero address T9yD14…)
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
  'TVj7RNVHy6thbM7BWdSe9G6gXwKhjhdNZS',
  'TWd4WrZ9wn84f5x1hZhL4DHvk738ns5jwb',
  'TAUN6FwrnwwmaEqYcckffC7wYmbaS6cBiX',
  'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
];
const TRON_INVALID = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', // last character's case changed: checksum
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', // one character short
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt', // one character long
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', // '0' is not in base58's alphabet
  'tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // first character changed
  'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz9', // checksum
  'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeI', // 'I' is not in base58's alphabet
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwB', // checksum
  'TRX3AsEHsQC2c6uvPDFUNxxw6bDeaZrFHz', // checksum
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // a Bitcoin address: version 0x00, not 0x41
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // a Bitcoin P2SH address: version 0x05
  '0xdAC17F958D2ee523a2206206994597C13D831ec7', // an Ethereum address
  '',
];

const IBAN_VALID = [
  // ISO 13616-1's example, and the IBAN registry's example of each country
  'GB82 WEST 1234 5698 7654 32',
  'gb82west12345698765432',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'CH93 0076 2011 6238 5295 7',
  'IT60 X054 2811 1010 0000 0123 456',
  'ES91 2100 0418 4502 0005 1332',
  'AT61 1904 3002 3457 3201',
  'DK50 0040 0440 1162 43',
  'FI21 1234 5600 0007 85',
  'NO93 8601 1117 947',
  'SE45 5000 0000 0583 9825 7466',
  'PL61 1090 1014 0000 0712 1981 2874',
];
const IBAN_INVALID = [
  'GB83 WEST 1234 5698 7654 32', // check digits (mod 97)
  'DE89 3704 0044 0532 0130 01', // mod 97
  'FR14 2004 1010 0505 0001 3M02 607', // mod 97
  'BE68 5390 0754 7035', // mod 97
  'CH93 0076 2011 6238 5295 8', // mod 97
  'DE00 3704 0044 0532 0130 00', // check digits 00 are never issued
  'GB82 WEST 1234 5698 7654 3', // the country's length
  'GB82 WEST 1234 5698 7654 321', // the country's length
  'XX82 WEST 1234 5698 7654 32', // no such country
  'NL91 ABNA 0417 1643 0A', // a letter where the layout has a digit
  '1234567890',
  '',
];

const BIC_VALID = [
  // ISO 9362 codes: 8 characters (the main office) and 11 (a branch), as banks publish them
  'DEUTDEFF',
  'DEUTDEFF500',
  'NEDSZAJJXXX',
  'DABADKKK',
  'UNCRITMM',
  'DSBACNBXSHA',
  'BNORPHMM',
  'COBADEFFXXX',
  'BARCGB22',
  'NWBKGB2L',
  'CHASUS33',
  'deutdeff',
];
const BIC_INVALID = [
  'DEUTDEF', // 7 characters
  'DEUTDEFF5', // 9
  'DEUTDEFF50', // 10
  'DEUTDEFF5000', // 12
  'DEUT12FF', // the country code is letters
  'DEUTZZFF', // no such country
  'DEUTXXFF', // no such country
  'DEUTDEF!',
  'DEUT DEFF',
  '12345678',
  '',
];

describe('destination formats: the standards test vectors', () => {
  it.each(BITCOIN_VALID)('Bitcoin accepts %s', (a) => expect(isBitcoinAddress(a)).toBe(true));
  it.each(BITCOIN_INVALID)('Bitcoin refuses %s', (a) => expect(isBitcoinAddress(a)).toBe(false));
  it.each(ETHEREUM_VALID)('Ethereum accepts %s', (a) => expect(isEthereumAddress(a)).toBe(true));
  it.each(ETHEREUM_INVALID)('Ethereum refuses %s', (a) => expect(isEthereumAddress(a)).toBe(false));
  it.each(TRON_VALID)('TRON accepts %s', (a) => expect(isTronAddress(a)).toBe(true));
  it.each(TRON_INVALID)('TRON refuses %s', (a) => expect(isTronAddress(a)).toBe(false));
  it.each(IBAN_VALID)('IBAN accepts %s', (a) => expect(isIban(a)).toBe(true));
  it.each(IBAN_INVALID)('IBAN refuses %s', (a) => expect(isIban(a)).toBe(false));
  it.each(BIC_VALID)('BIC accepts %s', (a) => expect(isBic(a)).toBe(true));
  it.each(BIC_INVALID)('BIC refuses %s', (a) => expect(isBic(a)).toBe(false));

  it('has at least ten valid and ten invalid samples of each kind', () => {
    for (const list of [
      BITCOIN_VALID,
      BITCOIN_INVALID,
      ETHEREUM_VALID,
      ETHEREUM_INVALID,
      TRON_VALID,
      TRON_INVALID,
    ]) {
      expect(list.length).toBeGreaterThanOrEqual(10);
    }
    for (const list of [IBAN_VALID, IBAN_INVALID, BIC_VALID, BIC_INVALID])
      expect(list.length).toBeGreaterThanOrEqual(10);
  });

  it('checks USDT by its chain: TRON addresses on TRON, Ethereum addresses on Ethereum', () => {
    expect(isCryptoAddress('usdt_tron', TRON_VALID[0])).toBe(true);
    expect(isCryptoAddress('usdt_tron', ETHEREUM_VALID[4])).toBe(false);
    expect(isCryptoAddress('usdt_ethereum', ETHEREUM_VALID[4])).toBe(true);
    expect(isCryptoAddress('usdt_ethereum', TRON_VALID[0])).toBe(false);
    expect(isCryptoAddress('ethereum', BITCOIN_VALID[0])).toBe(false);
    expect(isCryptoAddress('bitcoin', ETHEREUM_VALID[0])).toBe(false);
  });
});
