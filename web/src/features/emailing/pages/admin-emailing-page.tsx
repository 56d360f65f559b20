import { Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGING_MSG, MSG } from '@common/messages';
import { adminEmailFormSchema, EMAIL_LIMITS } from '@common/schemas/emailing';
import type { PublicUser } from '@common/types';
import { MessageFields } from '../../../components/admin/message-fields';
import { BusyButton } from '../../../components/busy-button';
import { FormCard } from '../../../components/form-card';
import { PageTitle } from '../../../components/page-title';
import { useFocusAfterSend } from '../../../hooks/use-focus-after-removal';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { recipientsQuery, useSendEmail } from '../api';

interface Option {
  value: string;
  label: string;
}

const optionOf = (u: PublicUser): Option => ({
  value: u._id,
  label: `${u.firstName} ${u.lastName} — ${u.email}`,
});

/**
 * /admin/emailing ("Send Emails"): pick one client (searched by name or e-mail), a subject
 * and a message; the mail goes to that client only and its HTML is escaped by the server.
 */
export function AdminEmailingPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Option | null>(null);
  const recipients = useQuery(recipientsQuery(debounced));
  const send = useSendEmail();
  const focus = useFocusAfterSend();
  const form = useForm({
    initialValues: { userId: null as string | null, subject: '', message: '' },
    ...zodForm(adminEmailFormSchema),
  });

  // Admins are not e-mailed from here; keep the chosen client listed while the search changes.
  const found = (recipients.data ?? []).filter((u) => !u.isAdmin).map(optionOf);
  const options = chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;

  const submit = form.onSubmit((values, event) => {
    focus.capture(event);
    send.mutate(values, {
      onSuccess: () => {
        notifySuccess(MSG.emailSent);
        // the client stays chosen: focus goes to the emptied subject, ready for the next e-mail
        focus.refocus(() => form.setValues({ subject: '', message: '' }));
      },
      onError: (error) => notifyError(errorMessage(error, MSG.emailSendFailed)),
    });
  });

  return (
    <Stack gap="md" w="100%" maw={720} mx="auto">
      <PageTitle title="Send Emails" description="E-mail one client. The message is sent as plain text." />
      <FormCard onSubmit={submit} label="Send an e-mail">
        <Select
          label="Client"
          placeholder="Search by name or e-mail"
          searchable
          required
          clearable
          filter={({ options: all }) => all}
          data={options}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={recipients.isFetching ? 'Searching…' : 'No client found'}
          leftSection={<IconSearch size={16} aria-hidden />}
          {...form.getInputProps('userId')}
          onChange={(value, option) => {
            form.setFieldValue('userId', value);
            setChosen(value ? option : null);
          }}
        />
        {recipients.error && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(recipients.error, MESSAGING_MSG.anErrorOccurred)}
          </Text>
        )}
        <MessageFields
          heading={{ label: 'Subject', maxLength: EMAIL_LIMITS.subject, ...form.getInputProps('subject') }}
          message={{ minRows: 6, maxLength: EMAIL_LIMITS.message, ...form.getInputProps('message') }}
        />
        <BusyButton type="submit" busy={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Send email
        </BusyButton>
      </FormCard>
    </Stack>
  );
}
