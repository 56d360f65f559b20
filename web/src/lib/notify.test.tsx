import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { notifyError, notifyHeld, notifySuccess } from './notify';

/** The toasts in Mantine's store: those on screen and those queued behind them. */
function toasts() {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue];
}

describe('toasts', () => {
  it('a new toast replaces the one before: an error never stands beside an older success', () => {
    notifySuccess('Notification deleted successfully');
    notifyError('An error occurred');
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ color: 'red', role: 'alert' });
  });

  it('a success after an error replaces it too', () => {
    notifyError('An error occurred');
    notifyHeld('Sent for approval');
    notifySuccess('Saved');
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ color: 'green', role: 'status' });
  });
});
