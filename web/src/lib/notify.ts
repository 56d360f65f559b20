/** Toasts (Mantine notifications; placement and 5 s auto-close are set in app/providers.tsx). */
import { notifications } from '@mantine/notifications';

/** Shows a green success toast. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

/** Shows a red error toast. */
export function notifyError(message: string): void {
  notifications.show({ color: 'red', message });
}
