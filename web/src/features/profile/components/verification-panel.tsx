import {
  Alert,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { DOCUMENT_TYPES, type DocumentType } from '@common/constants';
import { MONEY_MSG, PROFILE_MSG } from '@common/messages';
import { canUploadVerification, DOCUMENT_MAX_BYTES, verificationSchema } from '@common/schemas/profile';
import type { PublicUser } from '@common/types';
import { BusyButton } from '../../../components/busy-button';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useStoredImage, useSubmitVerification } from '../api';
import { DOCUMENT_TYPE_LABELS } from '../labels';
import { ImageFileInput } from './image-file-input';
import { VerificationBadge } from './verification-badge';

const TYPE_OPTIONS = DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }));

/** What each state means for the client (policy: verified within 10 business days). */
function statusText(user: PublicUser): string {
  switch (user.verificationStatus) {
    case 'pending':
      return 'Your documents are under review. Verification usually takes up to 10 business days.';
    case 'verified':
      return 'Your identity is verified. Nothing more is needed.';
    case 'rejected':
    case 'failed':
      return 'Your previous documents were rejected. Please upload clear images of a valid document.';
    default:
      return 'Upload an identity document to verify your account.';
  }
}

/** Whether staff rejected the last documents ("failed" is the original spelling). */
const rejected = (user: PublicUser) =>
  user.verificationStatus === 'rejected' || user.verificationStatus === 'failed';

/** One side of the submitted document, fetched with the bearer token. */
function DocumentImage({ url, alt }: { url: string; alt: string }) {
  const image = useStoredImage(url);
  if (image.isError)
    return (
      <Text size="sm" c="red.8">
        {errorMessage(image.error, 'The image could not be loaded')}
      </Text>
    );
  if (!image.data) return <Skeleton height={140} aria-label={`Loading ${alt}`} />;
  return <Image src={image.data} alt={alt} h={140} w="auto" maw="100%" fit="contain" radius="sm" />;
}

/** The documents last submitted, with their type and date. */
function SubmittedDocuments({ user }: { user: PublicUser }) {
  const { documentType, documentFront, documentBack, submittedAt } = user.verification;
  if (!documentFront.url) return null;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Submitted {documentType ? DOCUMENT_TYPE_LABELS[documentType].toLowerCase() : 'document'}
        {submittedAt ? ` on ${formatDateTime(submittedAt)}` : ''}.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DocumentImage url={documentFront.url} alt="Front of the submitted document" />
        {documentBack.url && <DocumentImage url={documentBack.url} alt="Back of the submitted document" />}
      </SimpleGrid>
    </Stack>
  );
}

/** The upload form: document type, address, state, front (required) and back (optional). */
function VerificationForm({ user }: { user: PublicUser }) {
  const submitVerification = useSubmitVerification();
  const form = useForm({
    initialValues: {
      documentType: null as DocumentType | null,
      address: user.location.address,
      state: user.location.state,
      documentFront: '',
      documentBack: '',
    },
    ...zodForm(verificationSchema),
  });

  // mutateAsync: a success hides this form (the status becomes pending), and TanStack Query skips
  // per-call callbacks of an unmounted component, so the toast must not hang on them.
  const submit = form.onSubmit(async (values) => {
    try {
      await submitVerification.mutateAsync(values);
      notifySuccess(PROFILE_MSG.verificationUploaded);
    } catch (error) {
      notifyError(errorMessage(error, 'Please try again.'), PROFILE_MSG.verificationFailed);
    }
  });

  const imageField = (field: 'documentFront' | 'documentBack') => ({
    value: form.values[field],
    onChange: (image: string) => {
      form.setFieldValue(field, image);
      form.clearFieldError(field);
    },
    error: form.errors[field],
    onError: (message: string) => form.setFieldError(field, message),
    maxBytes: DOCUMENT_MAX_BYTES,
    tooLargeMessage: MONEY_MSG.fileTooLarge,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Document type"
          placeholder="Choose a document"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          required
          {...form.getInputProps('documentType')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
          <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ImageFileInput
            label="Front of the document"
            description="PNG or JPEG, less than 5 MB."
            previewAlt="Chosen front of the document"
            required
            {...imageField('documentFront')}
          />
          <ImageFileInput
            label="Back of the document (optional)"
            description="PNG or JPEG, less than 5 MB."
            previewAlt="Chosen back of the document"
            {...imageField('documentBack')}
          />
        </SimpleGrid>
        <BusyButton type="submit" busy={submitVerification.isPending} style={{ alignSelf: 'flex-start' }}>
          Upload documents
        </BusyButton>
      </Stack>
    </form>
  );
}

/**
 * The verification tab: the current state (with staff's reason after a rejection), and the upload form only while
 * the state is awaiting or rejected; after an upload the state is pending and the form goes away.
 */
export function VerificationPanel({ user }: { user: PublicUser }) {
  const open = canUploadVerification(user.verificationStatus);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600}>Verification status:</Text>
          <VerificationBadge status={user.verificationStatus} />
        </Group>
        <Alert variant="light" color={open ? 'blue' : 'gray'} icon={<IconInfoCircle aria-hidden />}>
          {statusText(user)}
          {rejected(user) && user.verification.decidedAt && (
            <Text size="sm" mt="xs">
              Rejected on {formatDateTime(user.verification.decidedAt)}.
            </Text>
          )}
          {rejected(user) && user.verificationReason && (
            <Text size="sm" mt="xs">
              <Text span fw={600}>
                Reason:
              </Text>{' '}
              {user.verificationReason}
            </Text>
          )}
        </Alert>
        {open ? <VerificationForm user={user} /> : <SubmittedDocuments user={user} />}
      </Stack>
    </Paper>
  );
}
