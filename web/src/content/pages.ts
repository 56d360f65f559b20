/** Copy of the About, Contact and Assets pages. */
import { IconBulb, IconAdjustments, IconShieldCheck } from '@tabler/icons-react';
import { brand } from './brand';
import type { Cta } from './home';

export const about = {
  title: 'About Us',
  /** The hero headline. */
  headline: `We are 100% Trusted Trading Broker`,
  paragraphs: [
    `${brand.name} gives traders access to forex and cryptocurrency markets with prices, fees and rules ` +
      'published up front.',
    'We teach before we sell: online courses, live seminars and daily market updates help you understand what ' +
      'you trade. When you are ready, our accounts grow with you, from Starter to Platinum.',
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
      text: 'Five account types, bank and crypto funding, and the platform you prefer.',
    },
    {
      icon: IconShieldCheck,
      title: 'Trusted',
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
  text: 'The full list of tradable instruments is on its way. Meanwhile, follow live prices on the home page.',
  cta: 'See live markets',
};
