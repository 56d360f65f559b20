/**
 * The instruments of the dashboard's price chart: the forex pairs the public site quotes (ticker
 * tape and market block, web/src/content) and the two coins clients deposit, with the charting
 * provider's symbol of each.
 */
export const PRICE_INSTRUMENTS = [
  { symbol: 'FX:EURUSD', label: 'EUR/USD' },
  { symbol: 'FX:GBPUSD', label: 'GBP/USD' },
  { symbol: 'FX:USDJPY', label: 'USD/JPY' },
  { symbol: 'FX:AUDUSD', label: 'AUD/USD' },
  { symbol: 'BITSTAMP:BTCUSD', label: 'BTC/USD' },
  { symbol: 'BITSTAMP:ETHUSD', label: 'ETH/USD' },
] as const;

export type PriceSymbol = (typeof PRICE_INSTRUMENTS)[number]['symbol'];

/** The provider's advanced chart settings for `symbol` (it fills its container). */
export function advancedChartConfig(symbol: PriceSymbol): Record<string, unknown> {
  return {
    autosize: true,
    symbol,
    interval: 'D',
    timezone: 'Etc/UTC',
    theme: 'light',
    style: '1',
    locale: 'en',
    allow_symbol_change: false,
    hide_side_toolbar: true,
    calendar: false,
  };
}
