import { Checkbox, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '@common/schemas/webhooks';
import { DialogActions } from '../../../components/dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { DescribedChoices } from '../../../components/described-choices';
import { FreshCodeInput } from '../../../components/fresh-code-input';
import { ShownOnceSecret, ShownOnceSecretDialog } from '../../../components/shown-once-secret';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { useCreateWebhookEndpoint, type WebhookEndpointCreated, type WebhookEndpointForm } from '../api';

/** The form as typed. */
const formSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter the full address, starting with https://' }).max(500),
  description: z.string().trim().max(200),
  eventTypes: z.array(z.string()).min(1, 'Choose at least one event'),
  code: z.string().trim().max(20),
});
type FormValues = z.infer<typeof formSchema>;

function toRequest(values: FormValues): WebhookEndpointForm {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    eventTypes: values.eventTypes as WebhookEndpointForm['eventTypes'],
    ...(values.code.trim() && { code: values.code.trim() }),
  };
}

function AddForm({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (made: WebhookEndpointCreated) => void;
}) {
  const create = useCreateWebhookEndpoint();
  const form = useForm<FormValues>({
    initialValues: { url: '', description: '', eventTypes: [], code: '' },
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const request = useMutationForm(form, create, { variables: toRequest, onSuccess: onAdded });
  const all = form.values.eventTypes.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <form onSubmit={request.onSubmit} noValidate aria-label="Add webhook endpoint">
      <Stack gap="sm">
        <FormErrorAlert message={request.failure} />
        <TextInput
          label="Endpoint URL"
          description="Where the events are posted; https is required in production."
          placeholder="https://crm.example.com/broker-events"
          required
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Description"
          description="Optional: what receives the events, e.g. Accounting"
          {...form.getInputProps('description')}
        />
        <Checkbox.Group
          label="Events"
          description="Each carries ids and amounts, never a code, a secret or a document."
          required
          {...form.getInputProps('eventTypes')}
        >
          <Checkbox
            mt="xs"
            label="All events"
            checked={all}
            indeterminate={!all && form.values.eventTypes.length > 0}
            onChange={() => form.setFieldValue('eventTypes', all ? [] : [...WEBHOOK_EVENT_TYPES])}
          />
          <DescribedChoices values={WEBHOOK_EVENT_TYPES} describe={(type) => WEBHOOK_EVENTS[type]} />
        </Checkbox.Group>
        <FreshCodeInput doing="adding an endpoint" {...form.getInputProps('code')} />
        <DialogActions onCancel={onClose} submitLabel="Add endpoint" busy={request.busy} />
      </Stack>
    </form>
  );
}

/**
 * Adding a webhook endpoint (docs/integrations.md "Webhooks"): its address, a description, the
 * events and the owner's authenticator code, sent with POST /api/webhooks/endpoints; the server's
 * refusal shows above the form. On success the dialog shows the signing secret once, with a copy
 * button, until Done. Mounted anew for each opening.
 */
export function AddEndpointDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ShownOnceSecretDialog<WebhookEndpointCreated>
      opened={opened}
      onClose={onClose}
      formTitle="Add webhook endpoint"
      secretTitle="Your endpoint’s signing secret"
      form={({ onClose, onMade }) => <AddForm onClose={onClose} onAdded={onMade} />}
      secret={(made, onDone) => (
        <ShownOnceSecret
          title="Copy the signing secret now"
          name={made.data.endpoint.url}
          secret={made.data.secret}
          copyLabel="Copy signing secret"
          copiedLabel="Signing secret copied"
          testId="webhook-secret"
          onDone={onDone}
        >
          {made.message}. Your receiver checks each delivery’s signature with it (a Standard Webhooks library
          does this in one call).
        </ShownOnceSecret>
      )}
    />
  );
}
