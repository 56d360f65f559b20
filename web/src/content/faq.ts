/** Questions and answers of the FAQ page, consistent with the policies and with what the plans do. */
import { brand } from './brand';
import { planAmounts, planTargetRate } from './plans';

export interface FaqEntry {
  question: string;
  answer: string;
}

export const faq = {
  title: 'Frequently Asked Questions',
  intro: 'Quick answers about accounts, funding and trading. Cannot find yours? Write to us.',
  entries: [
    {
      question: 'How do I open an account?',
      answer:
        'Click Sign Up, fill in your details and confirm your e-mail with the 6-digit code we send you.',
    },
    {
      question: 'Can I have more than one account?',
      answer: 'No. Each person may hold one account only.',
    },
    {
      question: 'How long does identity verification take?',
      answer:
        'Up to 10 business days after we receive your documents. If we need extra checks it can take up to 30 ' +
        'business days, and we will tell you.',
    },
    {
      question: 'How do I deposit?',
      answer:
        'Send Bitcoin or Ethereum to the address shown in your account and upload proof of payment. A deposit ' +
        'stays pending for at most 48 hours; Bitcoin deposits need 3 network confirmations.',
    },
    {
      question: 'What is the minimum withdrawal?',
      answer: '$0.1. You can withdraw any amount up to your available balance.',
    },
    {
      question: 'How long does a withdrawal take?',
      answer:
        'A withdrawal request is reviewed within 48 hours. We process an approved withdrawal within three working ' +
        'days; allow up to 5 business days for the money to arrive.',
    },
    {
      question: 'What are the Copy Trading and Investment plans?',
      answer:
        `Managed plans. You choose an amount from ${planAmounts} and a term from 24 hours to 2 weeks; the amount ` +
        'moves from your available balance to the plan, and our trading desk trades it and posts each result to ' +
        'your history with its reason. When the term ends, the capital left in the plan returns to your available balance.',
    },
    {
      question: 'What does the target rate mean?',
      answer:
        `The plans aim at ${planTargetRate}: a target for the whole term you choose, not per day and not a ` +
        'promise. Nothing is worked out from it; your results are what the trading desk posts.',
    },
    {
      question: 'Can a plan lose money?',
      answer:
        'Yes. The trading desk posts losses as well as gains. A loss comes out of the plan’s capital, and when the ' +
        'term ends you get back only what is left of it.',
    },
    {
      question: 'Can I place my own trades?',
      answer:
        'No. The client area has no order screen and no list of instruments: you open a plan, and our trading ' +
        'desk trades it.',
    },
    {
      question: 'Do you guarantee profits?',
      answer:
        'No. Trading carries a high risk and you can lose your money. No one can honestly promise a return.',
    },
    {
      question: 'How do I stop marketing e-mails?',
      answer: 'Use the unsubscribe link in any of them or write to us; we act on it within 7 business days.',
    },
    {
      question: 'Will you change my account conditions?',
      answer: 'Only with at least 30 days’ notice by e-mail before the change applies.',
    },
    {
      question: 'How do I reach support?',
      answer: `Use the contact form, open a ticket from your account, or write to ${brand.supportEmail}.`,
    },
  ] satisfies FaqEntry[],
};
