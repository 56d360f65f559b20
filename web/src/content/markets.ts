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

/** A group of the market quotes widget, from its symbols and the names shown for them. */
function quoteGroup(name: string, displayNames: Record<string, string>) {
  return {
    name,
    symbols: Object.entries(displayNames).map(([symbol, displayName]) => ({ name: symbol, displayName })),
  };
}

/**
 * The charting provider's name for `<ExternalEmbed provider>`: its widgets (this block, the ticker
 * tape) share one fate, so when one cannot load the others give up at once.
 */
export const chartingProvider = 'tradingview';

export const marketSection = {
  title: 'Live markets',
  intro:
    'Follow prices across forex, crypto, stocks, indices and commodities. Quotes come from our charting provider.',
};

/** The compact card that replaces the block when the provider cannot be reached from the browser. */
export const marketsOffline = {
  title: 'Live quotes could not load here',
  text: "Our charting provider's quotes could not be reached from this browser: a content blocker or a network filter may keep them out. Everything else on this site works as usual.",
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
        quoteGroup('Indices', {
          'FOREXCOM:SPXUSD': 'S&P 500',
          'FOREXCOM:NSXUSD': 'US 100',
          'FOREXCOM:DJI': 'Dow 30',
          'INDEX:NKY': 'Nikkei 225',
          'INDEX:DEU40': 'DAX',
        }),
        quoteGroup('Commodities', {
          'CME_MINI:ES1!': 'S&P 500 futures',
          'COMEX:GC1!': 'Gold',
          'NYMEX:CL1!': 'WTI crude oil',
          'NYMEX:NG1!': 'Natural gas',
        }),
        quoteGroup('Bonds', { 'CBOT:ZB1!': 'T-Bond', 'EUREX:FGBL1!': 'Euro Bund' }),
        quoteGroup('Forex', {
          'FX:EURUSD': 'EUR/USD',
          'FX:GBPUSD': 'GBP/USD',
          'FX:USDJPY': 'USD/JPY',
          'FX:AUDUSD': 'AUD/USD',
        }),
      ],
    },
  },
];
