/**
 * The public site's own pages. They are styled by the Mantine component styles
 * they import (providers.tsx and their own modules) rather than the whole stylesheet, which every
 * other page loads with its code (main.tsx); all but the contact form are prerendered at build time
 * (vite.config.ts, web/prerender-plugin.ts).
 */
import { paths } from '../config/paths';

export const PUBLIC_PAGES: string[] = [
  paths.home,
  paths.about,
  paths.contact,
  paths.faq,
  paths.termsAndConditions,
  paths.privacyPolicy,
  paths.paymentPolicy,
  paths.assets,
  paths.transparency,
];

/** The prerendered pages: not the contact form, which a submit before hydration would only reload. */
export const PRERENDERED_PAGES = PUBLIC_PAGES.filter((page) => page !== paths.contact);
