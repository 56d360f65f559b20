import { Anchor } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { VISUALLY_HIDDEN } from '../lib/visually-hidden';

/** The id of each layout's main landmark, which the skip link leads to. */
export const MAIN_ID = 'main-content';

const shown: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '8px 16px',
  background: 'var(--mantine-color-body)',
  borderRadius: 4,
  boxShadow: 'var(--mantine-shadow-md)',
};

/**
 * "Skip to main content": the first stop of the Tab order on every page, out of sight until it
 * has focus, then shown at the top left; it moves focus to the layout's main landmark (`MAIN_ID`,
 * focusable with tabindex -1), past the header and navigation (WCAG 2.4.1, bypass blocks).
 */
export function SkipLink() {
  const [focused, setFocused] = useState(false);
  return (
    <Anchor
      href={`#${MAIN_ID}`}
      style={focused ? shown : VISUALLY_HIDDEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to main content
    </Anchor>
  );
}
