import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { MESSAGING_MSG } from '@common/messages';
import type { PublicNotification } from '@common/schemas/notifications';
import { CardList } from '../../../components/card-list';
import { DeleteButton } from '../../../components/delete-button';
import { MessageText, Timestamp } from '../../../components/message-text';
import { toastOutcome } from '../../../lib/notify';
import { useDeleteNotification } from '../api';

interface NotificationListProps {
  /** undefined while loading. */
  notifications: PublicNotification[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** Ids to mark "New" (unread when the page opened). */
  fresh?: ReadonlySet<string>;
  /** Offers Delete on each (true by default; the back office's roles without `notifications.send` get false). */
  deletable?: boolean;
}

interface NotificationCardProps {
  notification: PublicNotification;
  fresh: boolean;
  deletable: boolean;
}

/** One notification: title, message (as text, line breaks kept), time and Delete with confirmation. */
function NotificationCard({ notification: n, fresh, deletable }: NotificationCardProps) {
  const remove = useDeleteNotification();
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={n.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Text>
            {fresh && (
              <Badge size="sm" variant="light" color="blue">
                New
              </Badge>
            )}
          </Group>
          <MessageText size="sm">{n.message}</MessageText>
          <Timestamp value={n.createdAt} />
        </Stack>
        {deletable && (
          <DeleteButton
            label={`Delete notification ${n.title}`}
            confirmTitle="Delete notification"
            confirmMessage={MESSAGING_MSG.confirmDeleteNotification}
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(
                n._id,
                toastOutcome(MESSAGING_MSG.notificationDeleted, MESSAGING_MSG.anErrorOccurred),
              )
            }
          />
        )}
      </Group>
    </Card>
  );
}

/**
 * The notifications of the client's page and of the admin's page for one user: skeleton while
 * loading, a retry when the read fails, "No notifications found" when empty, newest first.
 */
export function NotificationList({
  notifications,
  error,
  onRetry,
  fresh,
  deletable = true,
}: NotificationListProps) {
  return (
    <CardList
      items={notifications}
      error={error}
      onRetry={onRetry}
      what="the notifications"
      label="Notifications"
      empty={MESSAGING_MSG.noNotifications}
      skeletonHeight={88}
    >
      {(n) => <NotificationCard notification={n} fresh={fresh?.has(n._id) ?? false} deletable={deletable} />}
    </CardList>
  );
}
