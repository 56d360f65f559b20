/**
 * What the deposit screen says about paying to each of the firm's wallets (the addresses
 * themselves are the server's DEPOSIT_WALLET_* settings): the network the address lives on, the
 * smallest deposit the firm credits and the network confirmations it waits for before a deposit is
 * reviewed. These are the operator's own terms (docs/product.md "Deposits"): set them to
 * the firm's true figures. `null` shows "Set by the operator" rather than a made-up number.
 */
import type { DepositWallet } from '@common/schemas/deposits';

export interface DepositNetwork {
  /** The blockchain network of the address, as a wallet app names it. */
  network: string;
  /** The smallest deposit credited, in US dollars; null while the operator has set none. */
  minimumUsd: number | null;
  /** Network confirmations awaited before the deposit is reviewed; null while unset. */
  confirmations: number | null;
}

export const depositNetworks: Record<DepositWallet, DepositNetwork> = {
  bitcoin: { network: 'Bitcoin (BTC) main network', minimumUsd: null, confirmations: null },
  ethereum: { network: 'Ethereum (ETH) main network', minimumUsd: null, confirmations: null },
};

/** The words shown for a term the operator has not set. */
export const UNSET_TERM = 'Set by the operator';
