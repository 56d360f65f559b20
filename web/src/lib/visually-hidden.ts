import type { CSSProperties } from 'react';

/**
 * Inline styles that take an element out of sight and out of the layout while assistive technology
 * still reads it (the usual clip pattern, as Mantine's VisuallyHidden), for a `style` prop.
 */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
