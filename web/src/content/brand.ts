/**
 * Brand identity shown across the site. Every claim here is the operator's own (docs/product.md):
 * replace these values with your firm's and set `isDemoBrand` to false. The name, support address
 * and risk warning live in common/brand.ts: the server's e-mails use them too.
 */
import { DEMO_BRAND } from '@common/brand';

export const brand = {
  name: DEMO_BRAND.name,
  supportEmail: DEMO_BRAND.supportEmail,
  /** While true, a "demo site" ribbon tells visitors this is not a real broker. */
  isDemoBrand: true,
  /** One line under the logo in the footer. */
  footerBlurb: 'Forex and crypto trading with transparent accounts.',
  /** The firm's legal and regulatory status, quoted on the Terms page. State only what is true. */
  regulatoryStatement:
    'This is a demonstration site. It is not operated by a licensed investment firm, holds no client money and ' +
    'accepts no real deposits.',
  /** The office shown in the contact page's map area. */
  office: {
    label: 'Head office',
    lines: ['Demo House, 1 Example Street', 'Example City, EX1 2MP'],
  },
  riskWarning: DEMO_BRAND.riskWarning,
} as const;
