/**
 * Copy of the home page, section by section in page order. It offers what the product does: an
 * account, funding and withdrawals, and managed plans whose results, losses included, the trading
 * desk posts. The statistics are claims: the operator sets them to true figures (docs/product.md);
 * nothing here promises a return, and spreads, leverage, platforms and charts are claimed only as
 * the operator's own conditions (packages.ts). honest-offer.test.ts checks it.
 */
import {
  IconChartCandle,
  IconChartPie,
  IconClockHour4,
  IconHeadset,
  IconLock,
  IconRocket,
  IconSchool,
  IconScale,
  IconShieldCheck,
  IconTransfer,
  IconUserPlus,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { brand } from './brand';
import { planAmounts, planTargetRate } from './plans';

/** Where a call to action leads; the page maps these to routes. */
export type CtaTarget = 'signup' | 'about' | 'contact';

export interface Cta {
  label: string;
  to: CtaTarget;
}

export interface HeroSlide {
  eyebrow: string;
  title: string;
  text: string;
  cta: Cta;
}

export interface IconPoint {
  icon: Icon;
  title: string;
  text: string;
}

/** The page's one h1 (visually hidden: the hero slides carry the visible headlines). */
export const homeHeading = `${brand.name}: online forex and crypto trading`;

/** Hero carousel: 3 slides, in order. */
export const heroSlides: HeroSlide[] = [
  {
    eyebrow: 'Welcome to ' + brand.name,
    title: 'A broker that shows you everything',
    text: 'Every deposit, withdrawal and plan result in your history, and real people on support. Open an account in minutes.',
    cta: { label: 'Get Started', to: 'signup' },
  },
  {
    eyebrow: 'Managed plans',
    title: 'Our trading desk trades; you see every result',
    text: 'Open a Copy Trading or Investment plan for 24 hours to 2 weeks. Its results, losses as well as gains, show in your history.',
    cta: { label: 'Learn more', to: 'about' },
  },
  {
    eyebrow: 'Welcome bonus',
    title: 'Register and get a $500 bonus on a $5,000 deposit',
    text: 'Fund your account with $5,000 or more and we add $500 to it. Bonus terms apply.',
    cta: { label: 'Get Started', to: 'signup' },
  },
];

/** The four feature icons under the hero. */
export const features: IconPoint[] = [
  {
    icon: IconShieldCheck,
    title: 'Our Legal Status',
    text: 'Our legal status and the rules we follow are set out in plain words in our Terms and Conditions.',
  },
  {
    icon: IconTransfer,
    title: 'Fast Deposit & Withdrawals',
    text: 'Fund in crypto and withdraw to your bank or wallet; every request is tracked in your history.',
  },
  {
    icon: IconScale,
    title: 'Risk Management',
    text: 'A risk warning wherever you move money, and plan results that show a loss when there is one.',
  },
  {
    icon: IconHeadset,
    title: '24/7 Customer Support',
    text: 'Write to us at any hour; a person answers every message.',
  },
];

/** The plans, as the client area runs them (docs/product.md "Investment plans"). */
export const learnToTrade = {
  title: 'How a Plan Works',
  text:
    `Choose Copy Trading or Investment, an amount from ${planAmounts} and a term from 24 hours to 2 weeks. ` +
    'The amount moves from your available balance to the plan; our trading desk trades it and posts each ' +
    'result to your history with its reason, and a result can be a loss. When the term ends, the capital ' +
    'left in the plan returns to your available balance.',
  points: [
    `Target: ${planTargetRate}, not a promise`,
    'One plan at a time',
    'Gains and losses posted alike, each with its reason',
  ],
  cta: { label: 'Learn more', to: 'about' } satisfies Cta,
};

/** The statistics strip. Set true figures for your firm before going live. */
export const statistics = {
  items: [
    { value: '5+', label: 'Years on the market' },
    { value: '10,000+', label: 'Active clients' },
    { value: '30,000+', label: 'Withdrawals processed' },
    { value: '500+', label: 'Events and seminars' },
    { value: '2', label: 'Managed plans' },
  ],
  /** Shown under the strip; say where the figures come from, or leave it empty. */
  note: brand.isDemoBrand ? 'Illustrative figures for this demo site.' : '',
};

export const howItWorks = {
  title: 'How It Works',
  intro: 'Three steps from sign-up to your first plan.',
  steps: [
    {
      icon: IconUserPlus,
      title: 'Create an account',
      text: 'Register with your e-mail and confirm it with the code we send.',
    },
    {
      icon: IconWallet,
      title: 'Fund your account',
      text: 'Send Bitcoin or Ethereum and upload the proof; we review every deposit within 48 hours.',
    },
    {
      icon: IconChartCandle,
      title: 'Open a plan',
      text: 'Choose a plan, an amount and a term, and follow every result in your history.',
    },
  ] satisfies IconPoint[],
  cta: { label: 'Get Started', to: 'signup' } satisfies Cta,
};

export const whyChoose = {
  title: `Why choose ${brand.name}?`,
  text:
    'We publish our rules. Your balance is built from every deposit, withdrawal and plan result we record, ' +
    'and you can see each of them in your transaction history.',
  points: [
    { icon: IconLock, title: 'Secure accounts', text: 'E-mailed codes confirm sign-ups and withdrawals.' },
    {
      icon: IconClockHour4,
      title: 'Fast processing',
      text: 'Pending requests are reviewed within 48 hours.',
    },
    {
      icon: IconChartPie,
      title: 'Results as they are',
      text: 'Plan results are posted as they come, losses included.',
    },
  ] satisfies IconPoint[],
  cta: { label: 'About us', to: 'about' } satisfies Cta,
};

export const differences = {
  title: 'What makes us different',
  points: [
    {
      icon: IconScale,
      title: 'Honest books',
      text: 'Every balance comes from recorded transactions; nothing is typed in.',
    },
    {
      icon: IconTransfer,
      title: 'Visible changes',
      text: 'Any change to your account shows in your history with its reason.',
    },
    {
      icon: IconLock,
      title: 'Your secrets stay yours',
      text: 'Nobody at the firm can see or hand out your password or codes.',
    },
    {
      icon: IconSchool,
      title: 'Risk in plain words',
      text: 'A risk warning wherever you move money; no plan promises a return.',
    },
    {
      icon: IconHeadset,
      title: 'Real support',
      text: 'Open a ticket from your account and read our replies there.',
    },
    { icon: IconRocket, title: 'Room to grow', text: 'Ask support to move your account to a higher tier.' },
  ] satisfies IconPoint[],
};

export const needHelp = {
  title: 'Need help?',
  text: 'Questions about accounts, deposits or withdrawals? Our support team is here around the clock.',
  cta: { label: 'Contact us', to: 'contact' } satisfies Cta,
};
