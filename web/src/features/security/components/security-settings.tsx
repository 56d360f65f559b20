import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SecurityHoldAlert } from '../../../components/security-hold-alert';
import { PasskeysPanel } from './passkeys-panel';
import { SessionsPanel } from './sessions-panel';
import { SignInHistoryPanel } from './sign-in-history-panel';
import { TwoFactorPanel } from './two-factor-panel';

/**
 * Everything of the signed-in user's account security, one panel under the other: the hold on
 * withdrawals after a security change (while there is one), two-factor
 * authentication, passkeys, active sessions and the sign-in history, then `more` (a client's API
 * keys, from the api-keys feature). The client's profile shows it as its Security tab, the back
 * office as /admin/security (the router composes both).
 */
export function SecuritySettings({
  onTwoFactorEnabled,
  more,
}: {
  onTwoFactorEnabled?: () => void;
  more?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <SecurityHoldAlert />
      <TwoFactorPanel onEnabled={onTwoFactorEnabled} />
      <PasskeysPanel />
      <SessionsPanel />
      <SignInHistoryPanel />
      {more}
    </Stack>
  );
}
