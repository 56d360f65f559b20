import { Text, type TextProps } from '@mantine/core';
import { useEffect, useId, useState } from 'react';

/** What `useFocusStatus` holds: the text shown, and a count of times it was shown. */
interface Shown {
  text: string;
  times: number;
}

/**
 * The state of a `FocusStatus`: `show(text)` puts the outcome of an action in it and, after the
 * render, moves keyboard focus to it (again on each call, even with the same text).
 */
export function useFocusStatus() {
  const id = useId();
  const [shown, setShown] = useState<Shown>({ text: '', times: 0 });
  useEffect(() => {
    if (shown.times > 0) document.getElementById(id)?.focus();
  }, [shown, id]);
  return {
    id,
    text: shown.text,
    show: (text: string) => setShown(({ times }) => ({ text, times: times + 1 })),
  };
}

export type FocusStatusState = ReturnType<typeof useFocusStatus>;

interface FocusStatusProps extends Omit<TextProps, 'children'> {
  status: FocusStatusState;
}

/**
 * A status message keyboard focus can be sent to (`tabindex="-1"`, so Tab never stops on it): the
 * outcome of an action whose control went away or rests, where focus lands instead of the page body
 * (WCAG 2.2 success criteria 2.4.3 Focus Order and 4.1.3 Status Messages). It is a polite live
 * region (`role="status"`), rendered empty before it has anything to say so a screen reader hears
 * each new text (an empty paragraph has no height).
 */
export function FocusStatus({ status, ...props }: FocusStatusProps) {
  return (
    <Text id={status.id} role="status" tabIndex={-1} size="sm" {...props}>
      {status.text}
    </Text>
  );
}
