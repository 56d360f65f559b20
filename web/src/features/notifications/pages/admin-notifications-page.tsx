import { Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { MESSAGING_MSG } from '@common/messages';
import { createNotificationSchema, NOTIFICATION_LIMITS } from '@common/schemas/notifications';
import { ClientPageTitle } from '../../../components/admin/client-page';
import { MessageFields } from '../../../components/admin/message-fields';
import { useClientRoute } from '../../../components/admin/use-client-route';
import { Can } from '../../../components/can';
import { CollapsiblePanel } from '../../../components/collapsible-panel';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PlainForm } from '../../../components/plain-form';
import { useCan } from '../../../hooks/use-can';
import { useFocusAfterSend } from '../../../hooks/use-focus-after-removal';
import { toastOutcome } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { adminNotificationsQuery, downloadNotificationsCsv, useSendNotification } from '../api';
import { NotificationList } from '../components/notification-list';

/**
 * The collapsible Add Notification form: title and message for this user; once sent, focus is
 * back on the emptied title.
 */
function AddNotificationForm({ userId }: { userId: string }) {
  const send = useSendNotification();
  const focus = useFocusAfterSend();
  const form = useForm({
    initialValues: { userId, title: '', message: '' },
    ...zodForm(createNotificationSchema),
  });
  const submit = form.onSubmit((values, event) => {
    focus.capture(event);
    send.mutate(
      values,
      toastOutcome(MESSAGING_MSG.notificationSent, MESSAGING_MSG.anErrorOccurred, () =>
        focus.refocus(form.reset),
      ),
    );
  });
  return (
    <CollapsiblePanel id="add-notification" label="Add Notification">
      <Stack mt="sm">
        <PlainForm
          onSubmit={submit}
          label="Add notification"
          submitLabel="Send notification"
          busy={send.isPending}
        >
          <MessageFields
            heading={{ label: 'Title', maxLength: NOTIFICATION_LIMITS.title, ...form.getInputProps('title') }}
            message={{ minRows: 3, maxLength: NOTIFICATION_LIMITS.message, ...form.getInputProps('message') }}
          />
        </PlainForm>
      </Stack>
    </CollapsiblePanel>
  );
}

/**
 * /admin/notifications/:id?name=: send a notification to one client (in-app and by
 * e-mail) and list or delete theirs, or export them as CSV; sending and deleting need
 * `notifications.send`, so other roles only read and export the list.
 */
export function AdminNotificationsPage() {
  const { id } = useClientRoute();
  const query = useQuery(adminNotificationsQuery(id));
  const allowed = useCan();

  return (
    <Stack gap="md" w="100%" maw={900} mx="auto">
      <ClientPageTitle
        title="Notifications"
        description="Each notification is also sent to the client by e-mail."
      />
      <Can permission="notifications.send">
        <AddNotificationForm userId={id} />
      </Can>
      <Group>
        <ExportCsvButton download={() => downloadNotificationsCsv(id)} failure="The export failed" />
      </Group>
      <NotificationList
        notifications={query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        deletable={allowed('notifications.send')}
      />
    </Stack>
  );
}
