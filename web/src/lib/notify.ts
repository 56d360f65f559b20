/** Toasts (Mantine notifications; the container and its 5 s auto-close are set in app/toasts.tsx). */
import { notifications, type NotificationData } from '@mantine/notifications';
import { paths } from '../app/paths';
import { errorMessage } from './api-client';

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
 * `mutate` callbacks that toast a request's outcome: `success` (then `onDone` runs), or on failure
 * the server's message with `failure` as fallback (a function of the error gives a fixed text).
 */
export function toastOutcome(
  success: string,
  failure: string | ((error: unknown) => string),
  onDone?: () => void,
) {
  return {
    onSuccess: () => {
      notifySuccess(success);
      onDone?.();
    },
    onError: (error: unknown) =>
      notifyError(typeof failure === 'string' ? errorMessage(error, failure) : failure(error)),
  };
}
