/**
 * The three legal documents of the Documents menu: Terms and Conditions, Privacy Policy
 * and Payment Policy. They state the house rules (one account per person, withdrawal
 * minimum and timings, verification time, Bitcoin confirmations, notice periods, plans and their risk).
 * Have your lawyer adapt them before going live.
 */
import { brand } from './brand';
import { planTargetRate } from './plans';

export interface PolicySection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface PolicyDocument {
  title: string;
  updated: string;
  intro: string;
  sections: PolicySection[];
}

const company = brand.name;
const updated = 'November 2026';

export const termsAndConditions: PolicyDocument = {
  title: 'Terms and Conditions',
  updated,
  intro:
    `These terms govern your use of the ${company} website and your trading account. By registering you ` +
    'accept them. Please read them together with our Privacy Policy and Payment Policy.',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        `${company} ("we", "us") provides online access to trading in foreign exchange, cryptocurrencies and ` +
          'other instruments.',
        brand.regulatoryStatement,
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Each person may hold one account only. We may close duplicate accounts and keep any bonus or profit ' +
          'they received.',
        'You must be at least 18 years old and give true, complete details when you register. You keep your ' +
          'password and the codes we e-mail you to yourself; we never ask for them.',
      ],
    },
    {
      heading: 'Identity verification',
      paragraphs: [
        'Before your first withdrawal we verify your identity and address. We complete the check within 10 ' +
          'business days of receiving your documents; where we need more documents or third-party checks, it ' +
          'may take up to 30 business days. We tell you when that happens.',
      ],
    },
    {
      heading: 'Plans and risk',
      paragraphs: [
        'You do not place trades yourself. The capital you put in a plan is traded by our trading desk, which ' +
          'posts each result to your history with its reason: a loss as well as a gain. A loss comes out of the ' +
          'plan’s capital; when the term ends, the capital left returns to your available balance.',
        `A plan’s target (${planTargetRate}) is a target, not a promise; nothing is worked out from it.`,
        brand.riskWarning,
      ],
    },
    {
      heading: 'No promise of returns',
      paragraphs: [
        'Past performance, market commentary, education material and plan descriptions are not a promise of ' +
          'future results. We do not guarantee any profit, and the value of your account can fall as well as rise.',
      ],
    },
    {
      heading: 'Deposits, withdrawals and bonuses',
      paragraphs: [
        'Deposits and withdrawals follow our Payment Policy. A bonus (such as $500 on a $5,000 deposit) is ' +
          'credited to your account as a separate transaction; its trading conditions are shown when it is offered.',
      ],
    },
    {
      heading: 'Changes to your account profile',
      paragraphs: [
        'We give you at least 30 days’ notice by e-mail before we change the conditions of your account profile ' +
          '(such as your account tier or the terms of the plans). You may close your account before the change ' +
          'applies.',
      ],
    },
    {
      heading: 'Fair use',
      paragraphs: [
        'You may not use the service for money laundering, fraud, abusive trading strategies or on behalf of ' +
          'another person. We may suspend an account while we investigate, and we tell you why.',
      ],
    },
    {
      heading: 'Records and corrections',
      paragraphs: [
        'Every movement of money in your account is recorded. A mistake is corrected by a new, visible entry ' +
          'with its reason; records are never silently edited or deleted.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'We are not liable for losses caused by market movements, by events beyond our reasonable control or by ' +
          'your failure to keep your credentials safe. Nothing in these terms limits liability that cannot be ' +
          'limited by law.',
      ],
    },
    {
      heading: 'Complaints and contact',
      paragraphs: [
        `Write to ${brand.supportEmail} or use the contact form. We acknowledge complaints within 2 business days ` +
          'and answer them in full as soon as we can.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms. We e-mail you at least 30 days before a change that affects you takes effect. ' +
          'If you keep using your account after that date, the new terms apply.',
      ],
    },
  ],
};

export const privacyPolicy: PolicyDocument = {
  title: 'Privacy Policy',
  updated,
  intro: `This policy explains what personal data ${company} collects, why, and the choices you have.`,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['We collect only what we need to run your account and meet our legal duties:'],
      list: [
        'Registration details: name, e-mail, phone number, gender and country.',
        'Identity documents and address you upload for verification.',
        'Records of your deposits, withdrawals, trades and support messages.',
        'Technical data such as your IP address and browser, kept for security.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To open and run your account, verify your identity, process payments, answer your messages, protect ' +
          'the service against fraud and meet legal and tax obligations.',
      ],
    },
    {
      heading: 'Marketing',
      paragraphs: [
        'We send marketing e-mails only if you agreed to receive them. You can opt out at any time with the link ' +
          'in any such e-mail or by writing to us; we act on your request within 7 business days.',
      ],
    },
    {
      heading: 'Who sees your data',
      paragraphs: [
        'Our staff see your data only as far as their work needs it. Identity documents are never public and are ' +
          'shown only to you and to staff who review them. We share data with payment and verification providers ' +
          'only to do the job you asked for, and with authorities where the law requires it.',
      ],
    },
    {
      heading: 'Your secrets',
      paragraphs: [
        'Passwords are stored only as one-way hashes. One-time codes are sent to you alone; nobody at the firm can ' +
          'see or hand them out.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep financial records for as long as the law requires, even after you close your account. Other ' +
          'personal data is erased when it is no longer needed; a closed account’s history is kept under an ' +
          'anonymised record.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may ask for a copy of your data, ask us to correct it, or ask us to erase what we are not obliged to ' +
          'keep. We give you at least 30 days’ notice before we change how your profile data is used.',
      ],
    },
    {
      heading: 'Cookies and third-party widgets',
      paragraphs: [
        'We use cookies that keep you signed in and protect forms. Market widgets and the translation element are ' +
          'loaded from their providers only when you scroll to them; those providers may set their own cookies.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about your data: ${brand.supportEmail}.`],
    },
  ],
};

export const paymentPolicy: PolicyDocument = {
  title: 'Payment Policy',
  updated,
  intro: `How deposits and withdrawals work at ${company}, and how long they take.`,
  sections: [
    {
      heading: 'Deposits',
      paragraphs: [
        'You fund your account in USD by sending Bitcoin or Ethereum to the wallet address shown in your account ' +
          'and uploading proof of payment. A deposit stays pending until we confirm it and at most 48 hours.',
        'A Bitcoin deposit is credited after 3 confirmations on the Bitcoin network.',
      ],
    },
    {
      heading: 'Withdrawals',
      paragraphs: [
        'You can withdraw to a bank account or to a Bitcoin, Ethereum or USDT wallet in your own name. The minimum ' +
          'withdrawal is $0.1, and you cannot withdraw more than your available balance.',
        'Every withdrawal is confirmed with a code we e-mail to you. While it is pending — at most 48 hours — ' +
          'the amount is held and cannot be traded.',
        'We process an approved withdrawal within three working days; allow up to 5 business days for the money ' +
          'to reach your bank or wallet.',
      ],
    },
    {
      heading: 'Verification before withdrawal',
      paragraphs: [
        'Your identity must be verified before your first withdrawal. Verification takes up to 10 business days ' +
          'and, where extra checks are needed, up to 30 business days.',
      ],
    },
    {
      heading: 'One account, your own name',
      paragraphs: ['Each person may hold one account. Payments to and from third parties are refused.'],
    },
    {
      heading: 'Rejected requests',
      paragraphs: [
        'If we reject a deposit or withdrawal we tell you why. A rejected withdrawal returns the held amount to ' +
          'your available balance at once.',
      ],
    },
    {
      heading: 'Fees',
      paragraphs: [
        'We charge no fee for deposits or withdrawals. Network fees of the blockchain and charges of your bank are ' +
          'set by them and are yours to pay.',
      ],
    },
    {
      heading: 'Changes',
      paragraphs: ['We e-mail you at least 30 days before a change to this policy affects your account.'],
    },
  ],
};
