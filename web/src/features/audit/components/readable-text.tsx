import { Fragment } from 'react';

const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** Longer than this without a space, a word may break anywhere (ids, hashes, addresses). */
const LONG_TOKEN = 24;

/**
 * Each side of an e-mail address: whole wherever its column can be as wide as it (break-word does
 * not narrow a table column), broken inside only when a box too narrow for it holds it (a phone's card).
 */
const SIDE = { overflowWrap: 'break-word' } as const;

/**
 * Text that wraps at sensible points in a narrow table cell: between words as usual; an e-mail
 * address at its `@` (a side breaks inside only in a box narrower than it); a long unbroken token (an id, a hash, a wallet
 * address) anywhere, so it never pushes the table wider. Other words never break mid-word.
 */
export function ReadableText({ text }: { text: string }) {
  return text.split(/(\s+)/).map((part, i) => {
    if (EMAIL.test(part)) {
      const at = part.indexOf('@');
      return (
        <Fragment key={i}>
          <span style={SIDE}>{part.slice(0, at)}</span>
          <wbr />
          <span style={SIDE}>{part.slice(at)}</span>
        </Fragment>
      );
    }
    if (part.length > LONG_TOKEN) {
      return (
        <span key={i} style={{ overflowWrap: 'anywhere' }}>
          {part}
        </span>
      );
    }
    return <Fragment key={i}>{part}</Fragment>;
  });
}
