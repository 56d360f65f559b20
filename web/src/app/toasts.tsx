import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The toast container (top-right, 5 s auto-close), loaded lazily by providers.tsx. A new toast
 * replaces the one before (lib/notify.ts); the limit keeps a phone (under 768 px) to one on screen
 * whatever else queues one, a wider window to three.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  return <Notifications position="top-right" autoClose={5000} limit={phone ? 1 : 3} />;
}
