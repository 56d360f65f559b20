import { Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@common/schemas/auth';
import { confirmAction } from '../../../components/confirm';
import type { Column } from '../../../components/paged-table';
import { SectionCard } from '../../../components/section-card';
import { SessionTable } from '../../../components/session-table';
import { describeUserAgent } from '../../../lib/user-agent';
import { sessionsQuery, useRevokeOtherSessions, useRevokeSession } from '../api';

/** "Sign out" of one other session. */
function SignOutButton({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  return (
    <Button
      size="xs"
      variant="default"
      loading={revoke.isPending}
      aria-label={`Sign out ${describeUserAgent(session.userAgent)}${session.ip ? ` (${session.ip})` : ''}`}
      onClick={() => revoke.mutate(session.id)}
    >
      Sign out
    </Button>
  );
}

const ACTION: Column<SessionInfo> = {
  header: 'Actions',
  nowrap: true,
  actions: true,
  cell: (s) =>
    s.current ? (
      <Text size="sm" c="dimmed">
        —
      </Text>
    ) : (
      <SignOutButton session={s} />
    ),
};

/**
 * The signed-in user's open sessions: device, IP, opened and last used, "This device" for this
 * one; "Sign out" ends another one, "Sign out all other sessions" (after a confirmation) all of them.
 */
export function SessionsPanel() {
  const query = useQuery(sessionsQuery);
  const revokeOthers = useRevokeOtherSessions();
  const others = query.data?.filter((s) => !s.current).length ?? 0;

  const signOutOthers = async () => {
    const confirmed = await confirmAction({
      title: 'Sign out all other sessions',
      message: `End ${others === 1 ? 'the other session' : `the ${others} other sessions`}? Only this device stays signed in.`,
      confirmLabel: 'Sign out',
      danger: true,
    });
    if (!confirmed) return;
    revokeOthers.mutate();
  };

  return (
    <SectionCard
      title="Active sessions"
      aside={
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          leftSection={<IconLogout size={14} aria-hidden />}
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() => void signOutOthers()}
        >
          Sign out all other sessions
        </Button>
      }
      description="Everywhere you are signed in now. Sign out any session you do not recognise, then change your password."
    >
      <SessionTable caption="Active sessions" query={query} action={ACTION} />
    </SectionCard>
  );
}
