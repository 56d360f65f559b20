/** The pieces of notice sentences (sentences.ts): one full stop after a reason, coins by name and ticker. */
import { describe, expect, it } from 'vitest';
import { reasonSentence, walletName } from './sentences';

describe('reasonSentence', () => {
  it.each([
    ['Card fee charged twice', 'Reason: Card fee charged twice.'],
    ['Card fee charged twice.', 'Reason: Card fee charged twice.'],
    ['Is this yours?', 'Reason: Is this yours?'],
    ['He said "no."', 'Reason: He said "no."'],
    ['  Entered twice.  ', 'Reason: Entered twice.'],
  ])('%j → %j', (reason, sentence) => expect(reasonSentence(reason)).toBe(sentence));
});

describe('walletName', () => {
  it('names the currency and its ticker', () => {
    expect(walletName('bitcoin')).toBe('Bitcoin (BTC)');
    expect(walletName('ethereum')).toBe('Ethereum (ETH)');
    expect(walletName('usdt')).toBe('Tether (USDT)');
  });
});
