import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MSG } from '@common/messages';
import { PASSKEY_MSG, passkeyName, type Passkey } from '@common/schemas/passkeys';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { CurrentPasswordInput } from '../../../components/person-inputs';
import { QueryList } from '../../../components/query-list';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import {
  passkeysQuery,
  useAddPasskey,
  useConfirmWithPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from '../passkeys-api';

/** A dialog asking for a passkey's name: adding one ("Add") or renaming one ("Save"). */
function NameDialog({
  title,
  initial,
  submitLabel,
  onClose,
  run,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  onClose: () => void;
  run: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) return setError(PASSKEY_MSG.nameLength);
    setBusy(true);
    setError(null);
    try {
      await run(parsed.data);
      onClose();
    } catch (err) {
      setError(errorMessage(err, MSG.errorOccurred));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog opened onClose={onClose} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormErrorAlert message={error} />
          <TextInput
            label="Name"
            description="So you can tell your passkeys apart, e.g. “Work laptop”."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={64}
            required
            data-autofocus
          />
          <DialogActions onCancel={onClose} submitLabel={submitLabel} busy={busy} lockCancel />
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * Removing a passkey asks for a fresh proof: the password, or a confirmation with one of the
 * user's passkeys (this one included); either removes it at once.
 */
function RemoveDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useRemovePasskey();
  const confirm = useConfirmWithPasskey();
  const label = passkey.name ?? 'Unnamed passkey';
  const done = (message: string) => {
    notifySuccess(message);
    onClose();
  };
  const fail = (err: unknown) => setError(errorMessage(err, MSG.errorOccurred));
  const withPassword = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(PASSKEY_MSG.proofNeeded);
    setError(null);
    remove.mutate(
      { id: passkey.id, proof: { password } },
      { onSuccess: (a) => done(a.message), onError: fail },
    );
  };
  const withPasskey = async () => {
    setError(null);
    try {
      await confirm.mutateAsync();
      done((await remove.mutateAsync({ id: passkey.id, proof: {} })).message);
    } catch (err) {
      fail(err);
    }
  };
  return (
    <Dialog opened onClose={onClose} title={`Remove “${label}”?`}>
      <form onSubmit={withPassword} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            You will no longer be able to sign in with it. Confirm it is you with your password or a passkey.
          </Text>
          <FormErrorAlert message={error} />
          <CurrentPasswordInput
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
          <DialogActions onCancel={onClose} submitLabel="Remove" color="red.8" busy={remove.isPending} />
          <Button
            variant="subtle"
            leftSection={<IconFingerprint size={16} aria-hidden />}
            loading={confirm.isPending}
            onClick={() => void withPasskey()}
          >
            Confirm with a passkey instead
          </Button>
        </Stack>
      </form>
    </Dialog>
  );
}

/** One passkey: its name, when it was added and last used, Rename and Remove. */
function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const label = passkey.name ?? 'Unnamed passkey';
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <IconKey size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {label}
          </Text>
          <Text size="sm" c="dimmed">
            Added {formatDateTime(passkey.createdAt)} · Last used{' '}
            {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
          </Text>
        </Stack>
        <Group gap={6}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Rename ${label}`}
            onClick={onRename}
          >
            Rename
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Remove ${label}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

type Open =
  { name: 'add' } | { name: 'rename'; passkey: Passkey } | { name: 'remove'; passkey: Passkey } | null;

/**
 * The signed-in user's passkeys (docs/security.md "Passkeys"): add one (named) with this device's
 * authenticator, see when each was added and last used, rename one, remove one (after a fresh proof).
 */
export function PasskeysPanel() {
  const query = useQuery(passkeysQuery);
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <SectionCard
      title="Passkeys"
      aside={
        <Button
          size="xs"
          leftSection={<IconFingerprint size={14} aria-hidden />}
          onClick={() => setOpen({ name: 'add' })}
        >
          Add a passkey
        </Button>
      }
      description="Sign in with your fingerprint, face or device PIN instead of a password. A passkey also confirms it is you where an authenticator code is asked."
    >
      <QueryList
        query={query}
        what="your passkeys"
        loading="Loading passkeys…"
        empty="No passkeys yet."
        label="Your passkeys"
      >
        {(p) => (
          <PasskeyRow
            key={p.id}
            passkey={p}
            onRename={() => setOpen({ name: 'rename', passkey: p })}
            onRemove={() => setOpen({ name: 'remove', passkey: p })}
          />
        )}
      </QueryList>
      {open?.name === 'add' && (
        <NameDialog
          title="Add a passkey"
          initial=""
          submitLabel="Add"
          onClose={close}
          run={async (name) => {
            await add.mutateAsync(name);
            notifySuccess(PASSKEY_MSG.added);
          }}
        />
      )}
      {open?.name === 'rename' && (
        <NameDialog
          title="Rename passkey"
          initial={open.passkey.name ?? ''}
          submitLabel="Save"
          onClose={close}
          run={async (name) =>
            notifySuccess((await rename.mutateAsync({ id: open.passkey.id, name })).message)
          }
        />
      )}
      {open?.name === 'remove' && <RemoveDialog passkey={open.passkey} onClose={close} />}
    </SectionCard>
  );
}
