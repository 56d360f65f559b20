/**
 * The copy check of the public site (docs/product.md "The offer"): which sentences of the content
 * claim trading conditions the product does not have (spreads, leverage, platforms, charts, a demo,
 * "100% trusted"), and which state a rate without its period. honest-offer.test.ts runs it over every
 * public content module, leaving out only the operator's own conditions (packages.ts `conditions`).
 */

/** One kind of claim and the words that make it. */
export interface ClaimRule {
  claim: string;
  pattern: RegExp;
}

/** Claims the product cannot back unless the operator configures them as its own conditions. */
export const UNBACKED_CLAIMS: readonly ClaimRule[] = [
  { claim: 'pips', pattern: /\bpips?\b/i },
  { claim: 'spread', pattern: /\bspreads?\b/i },
  { claim: 'leverage', pattern: /\bleverag(?:e|ed|ing)\b/i },
  { claim: 'leverage ratio', pattern: /\b1\s?:\s?\d+\b/ },
  { claim: 'platform name', pattern: /\b(?:MT4|MT5|Meta\s?Trader|cTrader)\b/i },
  { claim: 'platform', pattern: /\bplatforms?\b/i },
  {
    claim: 'live chart',
    pattern: /\b(?:live|real-time)\s+charts?\b|\bchart(?:ing)?\s+(?:support|tools?)\b/i,
  },
  { claim: 'demo account', pattern: /\b(?:try|free)\s+(?:a\s+)?demo\b|\bdemo\s+(?:account|trading)\b/i },
  {
    claim: 'trusted',
    pattern: /\b100\s?%\s*trusted\b|\btrusted\s+(?:&|and)\s+regulated\b|\btrusted\s+(?:trading\s+)?broker\b/i,
  },
];

/** Words that make a percentage a rate of return, which must then name its period. */
const RATE_WORDS = /\b(?:rate|return|returns|target|aim|aims|profit|yield|interest|gain|gains|earn|earns)\b/i;
/** A period a rate can be stated for. */
const PERIOD =
  /\b(?:per|a|each|every)\s+(?:day|week|month|year|annum|term)\b|\b(?:daily|weekly|monthly|yearly|annual(?:ly)?|annuali[sz]ed)\b|\bover the (?:whole )?term\b|\bp\.a\./i;
const PERCENT = /\d+(?:\.\d+)?\s?%/;

/** A finding: the claim and the sentence that makes it. */
export interface CopyFinding {
  claim: string;
  sentence: string;
}

/** The text split into sentences (at ., ! or ? followed by a space, and at line breaks). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim() !== '');
}

/**
 * The findings of one text: each unbacked claim it makes, and each sentence that gives a rate of
 * return (a percentage next to "rate", "target", "profit"…) without a period ("per month", "over the
 * whole term"…). An empty list means the text passes.
 */
export function findCopyProblems(text: string): CopyFinding[] {
  const found: CopyFinding[] = [];
  for (const sentence of sentences(text)) {
    for (const { claim, pattern } of UNBACKED_CLAIMS) {
      if (pattern.test(sentence)) found.push({ claim, sentence });
    }
    if (PERCENT.test(sentence) && RATE_WORDS.test(sentence) && !PERIOD.test(sentence)) {
      found.push({ claim: 'rate without a period', sentence });
    }
  }
  return found;
}

/** Keys whose values are not copy: the operator's own conditions, and widget settings. */
const NOT_COPY = new Set(['conditions', 'config', 'languages', 'proName', 'widget', 'photo', 'icon']);

/**
 * Every string a content value holds, walking objects and arrays; React components (icons), functions
 * and the keys of NOT_COPY are skipped. `path` names where each string was found, for the report.
 */
export function copyStrings(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => copyStrings(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object' || '$$typeof' in value) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    NOT_COPY.has(key) ? [] : copyStrings(v, `${path}.${key}`),
  );
}
