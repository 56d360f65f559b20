/**
 * Pieces of the sentences notices and e-mails are built from, so that every message names a coin
 * the same way and ends a reason with one full stop.
 */

/** A deposit or withdrawal wallet as messages name it: the currency and its ticker. */
export const WALLET_NAMES: Record<string, string> = {
  bitcoin: 'Bitcoin (BTC)',
  ethereum: 'Ethereum (ETH)',
  usdt: 'Tether (USDT)',
};

/** `wallet` ("bitcoin") as messages name it ("Bitcoin (BTC)"); an unknown one as given. */
export function walletName(wallet: string): string {
  return WALLET_NAMES[wallet] ?? wallet;
}

/**
 * "Reason: <reason>." for a staff member's reason, ending in exactly one full stop: none is added
 * when the reason already ends its sentence (".", "!", "?", "…", or one of them before a closing
 * quote or bracket).
 */
export function reasonSentence(reason: string): string {
  const text = reason.trim();
  return /[.!?…]["'”’)\]]*$/.test(text) ? `Reason: ${text}` : `Reason: ${text}.`;
}
