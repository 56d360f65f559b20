import '@mantine/core/styles/Code.layer.css';
import { Code } from '@mantine/core';

/** The first and last 8 hex digits of a hash, for a line of text: `1a2b3c4d…9f8e7d6c`. */
export function shortHash(hex: string): string {
  return hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}

/** A whole hash or key in monospace, broken anywhere so a phone never scrolls sideways for it. */
export function HashText({ value }: { value: string }) {
  return (
    <Code block={false} style={{ overflowWrap: 'anywhere', wordBreak: 'break-all', whiteSpace: 'normal' }}>
      {value}
    </Code>
  );
}
