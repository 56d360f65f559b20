/**
 * Copy and settings of the public layout: the bonus badge, the market ticker tape and
 * the page-translation element.
 */

/** The bonus offer (a floating badge, a strip on phones: app/layouts/bonus-badge.tsx); its link goes to /signup. */
export const bonusBadge = {
  text: 'Get FREE $500 on $5,000 deposit',
  action: 'Get Now',
  closeLabel: 'Close bonus offer',
} as const;

/** Symbols of the dark ticker tape fixed to the bottom of every public page. */
export const tickerSymbols = Object.entries({
  'FOREXCOM:SPXUSD': 'S&P 500',
  'FOREXCOM:NSXUSD': 'US 100',
  'FX_IDC:EURUSD': 'EUR/USD',
  'FX_IDC:GBPUSD': 'GBP/USD',
  'FX_IDC:USDJPY': 'USD/JPY',
  'BITSTAMP:BTCUSD': 'Bitcoin',
  'BITSTAMP:ETHUSD': 'Ethereum',
  'TVC:GOLD': 'Gold',
}).map(([proName, title]) => ({ proName, title }));

/** The page language and the languages the translation element offers (about 100, ISO codes). */
export const translation = {
  pageLanguage: 'en',
  languages: (
    'af sq am ar hy az eu be bn bs bg ca ceb ny zh-CN zh-TW co hr cs da nl eo et tl fi fr fy gl ka de el gu ht ' +
    'ha haw iw hi hmn hu is ig id ga it ja jw kn kk km rw ko ku ky lo la lv lt lb mk mg ms ml mt mi mr mn my ne ' +
    'no or ps fa pl pt pa ro ru sm gd sr st sn sd si sk sl so es su sw sv tg ta tt te th tr tk uk ur ug uz vi cy ' +
    'xh yi yo zu'
  ).split(' '),
} as const;
