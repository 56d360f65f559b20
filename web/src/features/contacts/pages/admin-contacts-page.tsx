import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MESSAGING_MSG, MSG } from '@common/messages';
import { CardList, queryItems } from '../../../components/card-list';
import { DeleteButton } from '../../../components/delete-button';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PageTitle } from '../../../components/page-title';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { contactsQuery, downloadContactsCsv, useDeleteContact, type ContactMessage } from '../api';

/** One message: name, e-mail, message (as text) and Delete with confirmation. */
function ContactCard({ contact }: { contact: ContactMessage }) {
  const remove = useDeleteContact();
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="xs" h="100%">
        <Stack gap={2}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {contact.name}
          </Text>
          <Anchor href={`mailto:${contact.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {contact.email}
          </Anchor>
          <Text size="xs" c="dimmed">
            <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
          </Text>
        </Stack>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: 1 }}>
          {contact.message}
        </Text>
        <Group>
          <DeleteButton
            label={`Delete message from ${contact.name}`}
            confirmTitle="Delete message"
            confirmMessage={MESSAGING_MSG.confirmDeleteContact}
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(contact._id, {
                onSuccess: () => notifySuccess(MSG.contactDeleted),
                onError: () => notifyError(MESSAGING_MSG.contactDeleteFailed),
              })
            }
          />
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/contacts: the contact form's messages as cards, newest first (phone and subject hidden). */
export function AdminContactsPage() {
  const query = useQuery(contactsQuery);

  return (
    <Stack gap="md" w="100%" maw={1100} mx="auto">
      <PageTitle title="Contact" description="Messages sent through the public contact form, newest first." />
      <Group>
        <ExportCsvButton download={downloadContactsCsv} failure="The export failed" />
      </Group>
      <CardList
        {...queryItems(query)}
        label="Contact messages"
        empty={MESSAGING_MSG.noContacts}
        skeletonHeight={160}
        twoColumns
      >
        {(c) => <ContactCard contact={c} />}
      </CardList>
    </Stack>
  );
}
