import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast container (top-right, 5 s auto-close), loaded lazily by providers.tsx. */
export function Toasts() {
  return <Notifications position="top-right" autoClose={5000} />;
}
