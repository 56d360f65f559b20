import { Group, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROFILE_MSG } from '@common/messages';
import { PROFILE_PICTURE_MAX_BYTES, profilePictureSchema } from '@common/schemas/profile';
import type { PublicUser } from '@common/types';
import { BusyButton } from '../../../components/busy-button';
import { FormCard } from '../../../components/form-card';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useUploadPicture } from '../api';
import { ImageFileInput } from './image-file-input';
import { ProfileAvatar } from './profile-avatar';

/**
 * The update photo tab: a PNG or JPEG of at most 2,000,000 bytes ("Image
 * shouldn't be more than 2mb!"); a failed upload says "Something went wrong, try again!".
 */
export function PhotoForm({ user }: { user: PublicUser }) {
  const upload = useUploadPicture();
  const form = useForm({ initialValues: { image: '' }, ...zodForm(profilePictureSchema) });

  const submit = form.onSubmit((input) =>
    upload.mutate(input, {
      onSuccess: (answer) => {
        notifySuccess(answer.message || PROFILE_MSG.pictureUpdated);
        form.reset();
      },
      onError: (error) => {
        form.setFieldError('image', errorMessage(error, PROFILE_MSG.pictureFailed));
        notifyError(PROFILE_MSG.pictureFailed);
      },
    }),
  );

  return (
    <FormCard onSubmit={submit}>
      <Group gap="md" wrap="nowrap">
        <ProfileAvatar user={user} size={96} radius={96} />
        <Text size="sm" c="dimmed">
          {user.profilePicture.url ? 'Your current profile picture.' : 'You have no profile picture yet.'}
        </Text>
      </Group>
      <ImageFileInput
        label="New profile picture"
        description="PNG or JPEG, at most 2 MB."
        value={form.values.image}
        onChange={(image) => {
          form.setFieldValue('image', image);
          form.clearFieldError('image');
        }}
        error={form.errors.image}
        onError={(message) => form.setFieldError('image', message)}
        maxBytes={PROFILE_PICTURE_MAX_BYTES}
        tooLargeMessage={PROFILE_MSG.imageTooLarge}
        previewAlt="Chosen profile picture"
        required
      />
      <BusyButton type="submit" busy={upload.isPending} style={{ alignSelf: 'flex-start' }}>
        Upload photo
      </BusyButton>
    </FormCard>
  );
}
