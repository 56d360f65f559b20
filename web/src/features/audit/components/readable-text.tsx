import { Fragment } from 'react';

const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** Longer than this without a space, a word may break anywhere (ids, hashes, addresses). */
const LONG_TOKEN = 24;

/**
 * Text that wraps at sensible points in a narrow table cell: between words as usual; an e-mail
 * address only at its `@` (each side kept whole); a long unbroken token (an id, a hash, a wallet
 * address) anywhere, so it never pushes the table wider. Other words never break mid-word.
 */
export function ReadableText({ text }: { text: string }) {
  return text.split(/(\s+)/).map((part, i) => {
    if (EMAIL.test(part)) {
      const at = part.indexOf('@');
      return (
        <Fragment key={i}>
          <span style={{ whiteSpace: 'nowrap' }}>{part.slice(0, at)}</span>
          <wbr />
          <span style={{ whiteSpace: 'nowrap' }}>{part.slice(at)}</span>
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
