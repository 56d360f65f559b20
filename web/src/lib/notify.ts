/** Toasts (Mantine notifications; the container and its 5 s auto-close are set in app/toasts.tsx). */
import { notifications, type NotificationData } from '@mantine/notifications';
import { paths } from '../app/paths';
import { errorMessage, type MessageAnswer } from './api-client';
import { isHeldForApproval } from './held-for-approval';

/** Toasts show top-centre in the admin and withdrawal areas, top-right elsewhere. */
function position(): NotificationData['position'] {
  const { pathname } = window.location;
  const centred = pathname.startsWith(paths.admin.root) || pathname.startsWith(paths.account.withdrawal());
  return centred ? 'top-center' : 'top-right';
}

/** Shows a green success toast. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, position: position() });
}

/** Shows a red error toast; `title` (e.g. the original "Failed to approve withdrawal") heads the reason. */
export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, position: position() });
}

/**
 * Shows a blue toast that a money action waits for a second staff member (four-eyes): `message` is
 * the server's 202 answer. It stays longer than a success toast, as nothing has moved yet.
 */
export function notifyHeld(message: string): void {
  notifications.show({
    color: 'blue',
    title: 'Waiting for approval',
    message,
    position: position(),
    autoClose: 10_000,
  });
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
