/** Links of the public menus and footer. */
import { paths } from '../../config/paths';

export interface MenuLink {
  label: string;
  to: string;
}

/**
 * Main menu before the Documents dropdown; Contact follows it. No "Try A Demo": there is no demo
 * account, and a demo promise that leads to sign-up is not one (docs/product.md).
 */
export const MAIN_LINKS: MenuLink[] = [
  { label: 'Home', to: paths.home },
  { label: 'About Us', to: paths.about },
  { label: 'FAQ', to: paths.faq },
];
export const CONTACT_LINK: MenuLink = { label: 'Contact', to: paths.contact };
export const DOCUMENT_LINKS: MenuLink[] = [
  { label: 'Terms and Conditions', to: paths.termsAndConditions },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Payment Policy', to: paths.paymentPolicy },
];
export const USEFUL_LINKS: MenuLink[] = [
  ...MAIN_LINKS,
  CONTACT_LINK,
  { label: 'Transparency', to: paths.transparency },
  { label: 'Sign Up', to: paths.signup },
  { label: 'Login', to: paths.signin },
];
