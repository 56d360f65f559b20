import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

interface FormErrorAlertProps {
  message: string | null;
  title?: string;
}

/**
 * Whether focus is nowhere (on the body, where a submit button's focus goes when it is disabled
 * while its request runs) or still on a disabled control.
 */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || active.matches(':disabled');
};

/**
 * The form the banner belongs to: the one around it, or the one after it (AuthForm puts the banner
 * just above its form).
 */
function formOf(banner: HTMLElement): HTMLFormElement | null {
  return banner.closest('form') ?? banner.parentElement?.querySelector('form') ?? null;
}

/**
 * Red banner above a form that shows a failed submission's message (the server's 4xx message);
 * renders nothing without one. It is an alert, so screen readers say it when it appears (WCAG 2.2
 * 4.1.3). The submit button was disabled while the request ran, which left focus on the body: then
 * focus moves to the banner, and when the banner hides itself (a flash message) while it has focus,
 * back to the form's submit button, so focus is never lost (2.4.3).
 */
export function FormErrorAlert({ message, title }: FormErrorAlertProps) {
  const banner = useRef<HTMLDivElement>(null);
  const focused = useRef(false);

  useEffect(() => {
    const node = banner.current;
    if (!message || !node) return;
    if (focusLost()) {
      node.focus({ preventScroll: false });
      focused.current = true;
    }
    const form = formOf(node);
    return () => {
      // the banner went (or changed) while it had focus: give focus to the form's submit button
      if (focused.current && focusLost()) {
        form?.querySelector<HTMLElement>('[type="submit"]:not(:disabled)')?.focus();
      }
      focused.current = false;
    };
  }, [message]);

  if (!message) return null;
  return (
    <Alert
      ref={banner}
      tabIndex={-1}
      onBlur={(event) => {
        // a blur fired as the banner is taken out of the page does not count: focus went nowhere
        if (event.currentTarget.isConnected) focused.current = false;
      }}
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
    >
      {message}
    </Alert>
  );
}
