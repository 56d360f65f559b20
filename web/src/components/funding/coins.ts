/**
 * The coins clients pay in (features/deposits) and withdraw to (features/withdrawals), with how
 * the screens show them.
 */
import {
  IconCurrencyBitcoin,
  IconCurrencyEthereum,
  IconCurrencyTether,
  type Icon,
} from '@tabler/icons-react';
import type { CryptoWallet } from '@common/schemas/withdrawals';

export const COINS: Record<CryptoWallet, { name: string; icon: Icon; color: string }> = {
  usdt: { name: 'USDT', icon: IconCurrencyTether, color: 'teal' },
  bitcoin: { name: 'Bitcoin', icon: IconCurrencyBitcoin, color: 'orange' },
  ethereum: { name: 'Ethereum', icon: IconCurrencyEthereum, color: 'indigo' },
};

/** The `?wallet=` query value if it is one of `allowed`, else `fallback` (the default is bitcoin). */
export function walletParam<W extends CryptoWallet>(
  value: string | null,
  allowed: readonly W[],
  fallback: W,
): W {
  return allowed.find((w) => w === value) ?? fallback;
}
