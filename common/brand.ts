/**
 * The demonstration brand: the operator's name, support address and risk warning. The web app shows
 * them (web/src/content/brand.ts) and the server's e-mails default to them (BRAND_NAME,
 * SUPPORT_EMAIL and RISK_WARNING override them there: docs/operations.md "Mail"). Replace them with
 * your firm's own.
 */
export const DEMO_BRAND = {
  name: 'Northwind Markets',
  supportEmail: 'support@northwind-markets.example',
  riskWarning:
    'Our plans trade forex and cryptocurrencies, which carries a high level of risk and may not be suitable for ' +
    'all investors. The trading desk posts losses as well as gains: you could lose some or all of the capital ' +
    'you put in a plan. Only invest money you can afford to lose.',
} as const;
