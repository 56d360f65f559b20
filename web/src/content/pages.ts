/** Copy of the About, Contact and Assets pages. */
import { IconBulb, IconAdjustments, IconShieldCheck } from '@tabler/icons-react';
import { brand } from './brand';
import type { Cta } from './home';

export const about = {
  title: 'About Us',
  /** The hero headline. */
  headline: `A broker that shows its books`,
  paragraphs: [
    `${brand.name} gives traders access to forex and cryptocurrency markets with prices, fees and rules ` +
      'published up front.',
    'Our clients open managed plans, Copy Trading and Investment: our trading desk trades the capital and posts ' +
      'each result, a loss as well as a gain, to the client’s history. Accounts go from Starter to Platinum.',
    'Every deposit, withdrawal and trade is recorded in your account history, and our support team answers ' +
      'every message.',
  ],
  reasons: [
    {
      icon: IconBulb,
      title: 'Inspired',
      text: 'We build tools we want to use ourselves and keep learning from our clients.',
    },
    {
      icon: IconAdjustments,
      title: 'Flexible',
      text: 'Five account tiers, crypto funding, bank and crypto withdrawals, and plan terms from 24 hours to 2 weeks.',
    },
    {
      icon: IconShieldCheck,
      title: 'Accountable',
      text: 'Clear records, e-mailed confirmation codes and honest answers.',
    },
  ],
  needHelp: {
    title: 'Need help with your trading account?',
    text: 'Our support team is one message away.',
    cta: { label: 'Contact us', to: 'contact' } satisfies Cta,
  },
};

export const contact = {
  title: 'Contact Us',
  intro: 'Send us a message and we will get back to you by e-mail.',
  supportHeading: 'Support',
  supportText: 'Write to us any time:',
  mapHeading: 'Find us',
  submit: 'Send message',
  /** The button while sending, and the two toasts (original texts). */
  sending: 'Sending...',
  sent: 'Message sent successfully',
  failed: 'Failed to send message',
};

export const assets = {
  title: 'Assets',
  text:
    'You do not trade instruments yourself here: our trading desk trades the capital of the plans. Market prices ' +
    'from our charting provider are on the home page.',
  cta: 'See live markets',
};
