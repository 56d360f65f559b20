/**
 * Brand identity shown across the site. Every claim here is the operator's own (DESIGN.md §5):
 * replace these values with your firm's and set `isDemoBrand` to false.
 */
export const brand = {
  name: 'Northwind Markets',
  supportEmail: 'support@northwind-markets.example',
  /** While true, a "demo site" ribbon tells visitors this is not a real broker. */
  isDemoBrand: true,
  riskWarning:
    'Trading forex, cryptocurrencies and other leveraged products carries a high level of risk and may not be ' +
    'suitable for all investors. You could lose some or all of your invested capital. Only trade with money you ' +
    'can afford to lose.',
} as const;
