/**
 * Copy of the home page, section by section in page order. The statistics are claims:
 * the operator sets them to true figures (docs/product.md); nothing here promises a return.
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
    text: 'Clear pricing, fast funding and real people on support. Open an account in minutes.',
    cta: { label: 'Get Started', to: 'signup' },
  },
  {
    eyebrow: 'Education',
    title: 'Learn from experienced traders',
    text: 'Online courses and live seminars take you from your first trade to a plan of your own.',
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
    title: 'Trusted & Regulated',
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
    text: 'Stop-loss tools, clear leverage and a risk warning wherever you move money.',
  },
  {
    icon: IconHeadset,
    title: '24/7 Customer Support',
    text: 'Write to us at any hour; a person answers every message.',
  },
];

export const learnToTrade = {
  title: 'Learn to Trade',
  text:
    'New to the markets? Our courses explain how currency pairs, crypto assets and leverage work, and how to ' +
    'size a position so that one bad trade never decides your month. Practise first, then trade with a plan.',
  points: ['Step-by-step online courses', 'Live seminars with Q&A', 'Market updates every trading day'],
  cta: { label: 'Learn more', to: 'about' } satisfies Cta,
};

/** The statistics strip. Set true figures for your firm before going live. */
export const statistics = {
  items: [
    { value: '5+', label: 'Years on the market' },
    { value: '10,000+', label: 'Active clients' },
    { value: '30,000+', label: 'Withdrawals processed' },
    { value: '500+', label: 'Events and seminars' },
    { value: '100+', label: 'Tradable assets' },
  ],
  /** Shown under the strip; say where the figures come from, or leave it empty. */
  note: brand.isDemoBrand ? 'Illustrative figures for this demo site.' : '',
};

export const howItWorks = {
  title: 'How It Works',
  intro: 'Three steps from sign-up to your first trade.',
  steps: [
    {
      icon: IconUserPlus,
      title: 'Create an account',
      text: 'Register with your e-mail and confirm it with the code we send.',
    },
    {
      icon: IconWallet,
      title: 'Choose a package',
      text: 'Pick the trading account that fits your deposit and your goals.',
    },
    {
      icon: IconChartCandle,
      title: 'Trade',
      text: 'Fund your account and trade forex, crypto and more, on your terms.',
    },
  ] satisfies IconPoint[],
  cta: { label: 'Get Started', to: 'signup' } satisfies Cta,
};

export const whyChoose = {
  title: `Why choose ${brand.name}?`,
  text:
    'We publish our prices, our fees and our rules. Your balance is built from every deposit, withdrawal and ' +
    'trade we record, and you can see each of them in your transaction history.',
  points: [
    { icon: IconLock, title: 'Secure accounts', text: 'E-mailed codes confirm sign-ups and withdrawals.' },
    {
      icon: IconClockHour4,
      title: 'Fast processing',
      text: 'Pending requests are reviewed within 48 hours.',
    },
    { icon: IconChartPie, title: 'Clear pricing', text: 'Spreads and leverage for every account, up front.' },
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
      title: 'Education first',
      text: 'Courses and seminars before you put money at risk.',
    },
    {
      icon: IconHeadset,
      title: 'Real support',
      text: 'Open a ticket from your account and read our replies there.',
    },
    { icon: IconRocket, title: 'Room to grow', text: 'Upgrade your account as your trading grows.' },
  ] satisfies IconPoint[],
};

export const needHelp = {
  title: 'Need help?',
  text: 'Questions about accounts, deposits or withdrawals? Our support team is here around the clock.',
  cta: { label: 'Contact us', to: 'contact' } satisfies Cta,
};
