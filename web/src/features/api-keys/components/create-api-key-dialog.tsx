import { Checkbox, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { KEY_PERMISSIONS, PERMISSIONS } from '@common/permissions';
import { API_KEY_MAX_DAYS } from '@common/schemas/api-keys';
import { DescribedChoices } from '../../../components/described-choices';
import { FreshCodeInput } from '../../../components/fresh-code-input';
import { ShownOnceSecret, ShownOnceSecretDialog } from '../../../components/shown-once-secret';
import { DialogActions } from '../../../components/dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { useCreateApiKey, useCreateOwnApiKey, type ApiKeyCreated, type ApiKeyCreateForm } from '../api';

/** How long a new key lives unless the owner picks another day. */
const DEFAULT_DAYS = 90;

/** The day `days` from today, as a date field holds it (YYYY-MM-DD, UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The form as typed: networks one per line, the expiry as a day. */
const formSchema = z.object({
  name: z.string().trim().min(1, 'Name the key').max(100),
  permissions: z.array(z.string()).min(1, 'Choose at least one permission'),
  networks: z.string().max(2000),
  expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day the key expires'),
  code: z.string().trim().max(20),
});
/** A client's key has no permissions to choose: it reads their own account only. */
const clientFormSchema = formSchema.extend({ permissions: z.array(z.string()) });
type FormValues = z.infer<typeof formSchema>;

/** What the form sends: the key expires at the end of the chosen day (UTC); no permissions for a client's. */
function toRequest(values: FormValues): ApiKeyCreateForm {
  return {
    name: values.name.trim(),
    permissions: values.permissions as ApiKeyCreateForm['permissions'],
    allowedNetworks: values.networks
      .split(/[\s,]+/)
      .map((n) => n.trim())
      .filter(Boolean),
    expiresAt: `${values.expiresOn}T23:59:59.000Z`,
    ...(values.code.trim() && { code: values.code.trim() }),
  };
}

function CreateForm({
  onClose,
  onCreated,
  forClient,
}: {
  onClose: () => void;
  onCreated: (made: ApiKeyCreated) => void;
  forClient: boolean;
}) {
  const staffKey = useCreateApiKey();
  const clientKey = useCreateOwnApiKey();
  const create = forClient ? clientKey : staffKey;
  const form = useForm<FormValues>({
    initialValues: { name: '', permissions: [], networks: '', expiresOn: dayFromNow(DEFAULT_DAYS), code: '' },
    validate: schemaResolver(forClient ? clientFormSchema : formSchema, { sync: true }),
  });
  const request = useMutationForm(form, create, { variables: toRequest, onSuccess: onCreated });
  return (
    <form onSubmit={request.onSubmit} noValidate aria-label="Create API key">
      <Stack gap="sm">
        <FormErrorAlert message={request.failure} />
        <TextInput
          label="Name"
          description={
            forClient ? 'What the key is for, e.g. Budget app' : 'What the key is for, e.g. CRM sync'
          }
          required
          {...form.getInputProps('name')}
        />
        {forClient ? null : (
          <Checkbox.Group
            label="Permissions"
            description="The key can do only these, and never more than your own role. Deciding four-eyes requests and managing staff or keys are never given to a key."
            required
            {...form.getInputProps('permissions')}
          >
            <DescribedChoices values={KEY_PERMISSIONS} describe={(p) => PERMISSIONS[p]} />
          </Checkbox.Group>
        )}
        <Textarea
          label="Networks"
          description="Optional: addresses or CIDR ranges the key may be used from, one per line. Empty: the staff networks."
          autosize
          minRows={2}
          {...form.getInputProps('networks')}
        />
        <TextInput
          label="Expires on"
          description={`At the end of this day (UTC); at most ${API_KEY_MAX_DAYS} days ahead.`}
          type="date"
          required
          min={dayFromNow(1)}
          max={dayFromNow(API_KEY_MAX_DAYS - 1)}
          {...form.getInputProps('expiresOn')}
        />
        <FreshCodeInput doing="creating a key" {...form.getInputProps('code')} />
        <DialogActions onCancel={onClose} submitLabel="Create key" busy={request.busy} />
      </Stack>
    </form>
  );
}

/**
 * Creating an API key (docs/integrations.md "API keys"): name, permissions, networks, expiry and the
 * owner's authenticator code, sent with POST /api/api-keys; for a client (`forClient`, "Client
 * keys") the same without permissions, sent with POST /api/api-keys/mine; the server's refusal shows above the
 * form. On success the dialog shows the secret once, with a copy button, until Done. Mounted anew
 * for each opening.
 */
export function CreateApiKeyDialog({
  opened,
  onClose,
  forClient = false,
}: {
  opened: boolean;
  onClose: () => void;
  /** A client's read-only key for their own account: no permissions to choose. */
  forClient?: boolean;
}) {
  return (
    <ShownOnceSecretDialog<ApiKeyCreated>
      opened={opened}
      onClose={onClose}
      formTitle="Create API key"
      secretTitle="Your new API key"
      form={({ onClose, onMade }) => (
        <CreateForm onClose={onClose} onCreated={onMade} forClient={forClient} />
      )}
      secret={(made, onDone) => (
        <ShownOnceSecret
          title="Copy the key now"
          name={made.data.key.name}
          secret={made.data.secret}
          copyLabel="Copy API key"
          copiedLabel="API key copied"
          testId="api-key-secret"
          onDone={onDone}
        >
          {made.message}. Keep it where your integration reads its secrets; anyone who has it can act as this
          key.
        </ShownOnceSecret>
      )}
    />
  );
}
