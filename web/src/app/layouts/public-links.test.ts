/** The public menus promise nothing the product lacks: no "Try A Demo" that leads to sign-up (docs/product.md). */
import { describe, expect, it } from 'vitest';
import { findCopyProblems } from '../../content/claims';
import { CONTACT_LINK, DOCUMENT_LINKS, MAIN_LINKS, USEFUL_LINKS } from './public-links';

describe('the public menus', () => {
  it('pass the copy check, and no label but Sign Up leads to sign-up', () => {
    const links = [...MAIN_LINKS, CONTACT_LINK, ...DOCUMENT_LINKS, ...USEFUL_LINKS];
    expect(links.flatMap((l) => findCopyProblems(l.label))).toEqual([]);
    expect(links.filter((l) => l.to === '/signup').map((l) => l.label)).toEqual(['Sign Up']);
  });
});
