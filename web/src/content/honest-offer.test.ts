/**
 * The public site offers only what the product does (docs/product.md "The offer"): no content module
 * claims spreads, leverage, platforms, live charts, a demo or "100% trusted", unless the operator set
 * it as a tier's own conditions, and every rate of return names its period. The menus' labels:
 * app/layouts/public-links.test.ts.
 */
import { describe, expect, it } from 'vitest';
import * as brand from './brand';
import { copyStrings, findCopyProblems } from './claims';
import * as faq from './faq';
import * as home from './home';
import * as markets from './markets';
import * as packages from './packages';
import * as pages from './pages';
import * as plans from './plans';
import * as policies from './policies';
import * as site from './site';
import * as testimonials from './testimonials';

const PUBLIC_CONTENT = {
  brand,
  faq,
  home,
  markets,
  packages,
  pages,
  plans,
  policies,
  site,
  testimonials,
};

describe('the copy check', () => {
  it('finds no unbacked claim and no rate without its period in the public content', () => {
    const problems = Object.entries(PUBLIC_CONTENT).flatMap(([name, mod]) =>
      copyStrings(mod, name).flatMap(({ path, text }) =>
        findCopyProblems(text).map((f) => `${path}: ${f.claim}: "${f.sentence}"`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('reads the walked content (a check that reads nothing passes nothing)', () => {
    const texts = copyStrings(PUBLIC_CONTENT).map((s) => s.text);
    expect(texts).toContain(packages.tradingAccounts.intro);
    expect(texts.some((t) => t.includes(plans.planTargetRate))).toBe(true);
    expect(texts.length).toBeGreaterThan(150);
  });

  it.each([
    ['Spread from 0.5 pips', ['pips', 'spread']],
    ['Leverage up to 1:5000', ['leverage', 'leverage ratio']],
    ['All available platforms', ['platform']],
    ['Trade on MetaTrader 5 or MT4', ['platform name']],
    ['Live chart support', ['live chart']],
    ['Try A Demo', ['demo account']],
    ['We are 100% Trusted Trading Broker', ['trusted']],
    ['2% target rate', ['rate without a period']],
    ['Earn a 5% return on your capital.', ['rate without a period']],
  ])('flags "%s"', (text, claims) => {
    expect(findCopyProblems(text).map((f) => f.claim)).toEqual(claims);
  });

  it.each([
    '2% over the whole term',
    'The plans aim at 3% per month; that is a target, not a promise.',
    'A referral bonus of 5% of each approved deposit.',
    'Illustrative figures for this demo site.',
  ])('lets "%s" through', (text) => {
    expect(findCopyProblems(text)).toEqual([]);
  });

  it("lets a tier's conditions through as the operator's own, and nothing else", () => {
    const tier = { name: 'Gold', minimumDeposit: '$50,000', conditions: ['Spread from 1.0 pips on MT5'] };
    expect(copyStrings(tier).flatMap((s) => findCopyProblems(s.text))).toEqual([]);
    expect(packages.tierLines(tier)).toContain('Spread from 1.0 pips on MT5');
    expect(findCopyProblems(packages.tierLines(tier).join('\n'))).not.toEqual([]);
  });

  it('claims no condition while the operator has set none', () => {
    for (const pkg of packages.tradingAccounts.packages) {
      expect(packages.tierLines(pkg)).toEqual([...packages.tierIncludes]);
    }
  });
});
