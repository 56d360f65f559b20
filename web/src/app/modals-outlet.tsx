import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';

/**
 * Mantine's modals manager around the signed-in areas (confirmations live there). It is a lazy
 * route of its own, so the public site never downloads it.
 */
export function ModalsOutlet() {
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
