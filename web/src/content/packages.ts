/**
 * Trading account packages: minimum deposit, spread and leverage per tier, and the
 * features each adds. Shown on the home page's Trading Accounts section.
 */

export interface TradingPackage {
  name: string;
  minimumDeposit: string;
  spreadFrom: string;
  leverage: string;
  features: string[];
  /** Marks the card to draw attention to. */
  highlighted?: boolean;
}

const base = ['Live chart support', 'All available platforms'];
const gold = [...base, 'Education tools', 'Technical analysis report', 'Market update e-mails'];

export const tradingAccounts = {
  title: 'Trading Accounts',
  intro:
    'Every account includes live chart support and all available platforms. Bonus: $500 on a $5,000 deposit.',
  cta: 'Open an Account',
  packages: [
    { name: 'Starter', minimumDeposit: '$1,000', spreadFrom: '3.3 pips', leverage: '1:500', features: base },
    {
      name: 'Bronze',
      minimumDeposit: '$5,000',
      spreadFrom: '2.2 pips',
      leverage: '1:700',
      features: [...base, 'Education tools'],
    },
    {
      name: 'Silver',
      minimumDeposit: '$20,000',
      spreadFrom: '1.5 pips',
      leverage: '1:1000',
      features: [...base, 'Education tools', 'Technical analysis report'],
      highlighted: true,
    },
    { name: 'Gold', minimumDeposit: '$50,000', spreadFrom: '1.0 pips', leverage: '1:3000', features: gold },
    { name: 'Platinum', minimumDeposit: '1 BTC', spreadFrom: '0.5 pips', leverage: '1:5000', features: gold },
  ] satisfies TradingPackage[],
};
