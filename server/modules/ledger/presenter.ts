/** The client's figures as the API answers them (USD). */
import type { AccountFigures } from '@common/schemas/transactions';
import { centsToUsd } from '../../lib/money';
import type { ClientFigures } from './service';

export function presentFigures(f: ClientFigures): AccountFigures {
  return {
    balance: centsToUsd(f.balance),
    held: centsToUsd(f.held),
    invested: centsToUsd(f.invested),
    totalDeposit: centsToUsd(f.totalDeposit),
    totalProfit: centsToUsd(f.totalProfit),
    referralBonus: centsToUsd(f.referralBonus),
    totalBonus: centsToUsd(f.totalBonus),
  };
}
