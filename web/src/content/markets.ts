/**
 * The home page's market widget tabs: each tab names a widget of the charting provider
 * and its settings. Heights are reserved on the page so a late widget shifts nothing.
 */

/** One tab of the market block. */
export interface MarketTab {
  value: 'forex' | 'crypto' | 'stock' | 'indices';
  label: string;
  /** What the widget shows; names its region and its placeholder. */
  title: string;
  /** The provider's widget name (`embed-widget-<widget>.js`). */
  widget: string;
  config: Record<string, unknown>;
}

/** Height of every widget of the market block, in pixels. */
export const MARKET_WIDGET_HEIGHT = 480;

const common = {
  width: '100%',
  height: MARKET_WIDGET_HEIGHT,
  colorTheme: 'light',
  locale: 'en',
  isTransparent: false,
};

export const marketSection = {
  title: 'Live markets',
  intro:
    'Follow prices across forex, crypto, stocks, indices and commodities. Quotes come from our charting provider.',
};

/** The tabs in order; the first is the default (FOREX). */
export const marketTabs: MarketTab[] = [
  {
    value: 'forex',
    label: 'FOREX',
    title: 'Forex screener',
    widget: 'screener',
    config: {
      ...common,
      defaultColumn: 'overview',
      defaultScreen: 'general',
      market: 'forex',
      showToolbar: true,
    },
  },
  {
    value: 'crypto',
    label: 'CRYPTOCURRENCY',
    title: 'Cryptocurrency screener',
    widget: 'screener',
    config: {
      ...common,
      defaultColumn: 'overview',
      screener_type: 'crypto_mkt',
      market: 'crypto',
      displayCurrency: 'USD',
    },
  },
  {
    value: 'stock',
    label: 'STOCK',
    title: 'Stock chart',
    widget: 'symbol-overview',
    config: {
      ...common,
      symbols: [
        ['Apple', 'NASDAQ:AAPL|1D'],
        ['Alphabet', 'NASDAQ:GOOGL|1D'],
        ['Microsoft', 'NASDAQ:MSFT|1D'],
      ],
      chartType: 'area',
      autosize: false,
      showVolume: false,
    },
  },
  {
    value: 'indices',
    label: 'INDICES/COMMODITIES',
    title: 'Market quotes',
    widget: 'market-quotes',
    config: {
      ...common,
      showSymbolLogo: true,
      symbolsGroups: [
        {
          name: 'Indices',
          symbols: [
            { name: 'FOREXCOM:SPXUSD', displayName: 'S&P 500' },
            { name: 'FOREXCOM:NSXUSD', displayName: 'US 100' },
            { name: 'FOREXCOM:DJI', displayName: 'Dow 30' },
            { name: 'INDEX:NKY', displayName: 'Nikkei 225' },
            { name: 'INDEX:DEU40', displayName: 'DAX' },
          ],
        },
        {
          name: 'Commodities',
          symbols: [
            { name: 'CME_MINI:ES1!', displayName: 'S&P 500 futures' },
            { name: 'COMEX:GC1!', displayName: 'Gold' },
            { name: 'NYMEX:CL1!', displayName: 'WTI crude oil' },
            { name: 'NYMEX:NG1!', displayName: 'Natural gas' },
          ],
        },
        {
          name: 'Bonds',
          symbols: [
            { name: 'CBOT:ZB1!', displayName: 'T-Bond' },
            { name: 'EUREX:FGBL1!', displayName: 'Euro Bund' },
          ],
        },
        {
          name: 'Forex',
          symbols: [
            { name: 'FX:EURUSD', displayName: 'EUR/USD' },
            { name: 'FX:GBPUSD', displayName: 'GBP/USD' },
            { name: 'FX:USDJPY', displayName: 'USD/JPY' },
            { name: 'FX:AUDUSD', displayName: 'AUD/USD' },
          ],
        },
      ],
    },
  },
];
