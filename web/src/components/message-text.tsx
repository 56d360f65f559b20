/** How the screens show what people wrote and when: messages, notifications, tickets. */
import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format';

/** Text someone wrote, shown as typed: line breaks kept, long words wrapped anywhere. */
export function MessageText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** A small dimmed date and time (`<time>` with the ISO value) under a message. */
export function Timestamp({ value }: { value: string }) {
  return (
    <Text size="xs" c="dimmed">
      <time dateTime={value}>{formatDateTime(value)}</time>
    </Text>
  );
}
