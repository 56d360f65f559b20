/**
 * Toasts (Mantine notifications; the container, its 5 s auto-close and its limit are set in
 * app/toasts.tsx), one at a time: a new toast replaces the one before.
 * Each toast is its own live region (WCAG 2.2 4.1.3 status messages): `role="status"` (polite)
 * for a success or a notice, `role="alert"` for an error, its text put in a moment after it
 * appears (LiveText) so screen readers say it once, and its close button is named.
 */
import { notifications, type NotificationData } from '@mantine/notifications';
import { createElement } from 'react';
import { LiveText } from './live-text';
import { paths } from '../config/paths';
import { errorMessage, type MessageAnswer } from './api-client';
import { isHeldForApproval } from './held-for-approval';

/** Toasts show top-centre in the admin and withdrawal areas, top-right elsewhere. */
function position(): NotificationData['position'] {
  const { pathname } = window.location;
  const centred = pathname.startsWith(paths.admin.root) || pathname.startsWith(paths.account.withdrawal());
  return centred ? 'top-center' : 'top-right';
}

type Toast = { color: string; title?: string; message: string; role: 'status' | 'alert'; autoClose?: number };

/**
 * Shows one toast where `position` says, its texts read out as described at the top. It replaces
 * any toast still on screen, at every width: the newest outcome is the one that holds, so an error
 * never stands beside an older success (or a success beside an older error), and a phone's header
 * is never covered by a pile of them.
 */
function toast({ title, message, ...look }: Toast): void {
  notifications.clean();
  notifications.show({
    ...look,
    title: title ? createElement(LiveText, { text: title }) : undefined,
    message: createElement(LiveText, { text: message }),
    position: position(),
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

/** Shows a green success toast. */
export function notifySuccess(message: string): void {
  toast({ color: 'green', message, role: 'status' });
}

/** Shows a red error toast; `title` (e.g. the original "Failed to approve withdrawal") heads the reason. */
export function notifyError(message: string, title?: string): void {
  toast({ color: 'red', title, message, role: 'alert' });
}

/**
 * Shows a blue toast that a money action waits for a second staff member (four-eyes): `message` is
 * the server's 202 answer. It stays longer than a success toast, as nothing has moved yet.
 */
export function notifyHeld(message: string): void {
  toast({ color: 'blue', title: 'Waiting for approval', message, role: 'status', autoClose: 10_000 });
}

/**
 * Toasts the answer of a money route: when it was held for approval (202), the server's message in
 * a "Waiting for approval" toast; otherwise `success` (the server's message by default) in green.
 * Answers whether it was held.
 */
export function notifyMoneyOutcome(answer: MessageAnswer, success?: string): boolean {
  if (isHeldForApproval(answer)) {
    notifyHeld(answer.message);
    return true;
  }
  notifySuccess(success ?? answer.message);
  return false;
}

/**
 * `mutate` callbacks that toast a request's outcome: `success` (then `onDone` runs), or on failure
 * the server's message with `failure` as fallback (a function of the error gives a fixed text). A
 * money action held for approval (202) toasts the server's "sent for approval" instead of `success`.
 */
export function toastOutcome(
  success: string,
  failure: string | ((error: unknown) => string),
  onDone?: () => void,
) {
  return {
    onSuccess: (answer?: unknown) => {
      if (isHeldForApproval(answer)) notifyHeld(answer.message);
      else notifySuccess(success);
      onDone?.();
    },
    onError: (error: unknown) =>
      notifyError(typeof failure === 'string' ? errorMessage(error, failure) : failure(error)),
  };
}
