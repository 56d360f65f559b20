import { Avatar, type AvatarProps } from '@mantine/core';
import type { PublicUser } from '@common/types';
import { initialsOf } from '../../../lib/initials';
import { useStoredImage } from '../api';

interface ProfileAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  user: Pick<PublicUser, 'firstName' | 'lastName' | 'profilePicture'>;
}

/**
 * The user's profile picture (fetched with the bearer token), or their initials (whole
 * characters: lib/initials.ts) while it loads and when there is none (in the account header).
 */
export function ProfileAvatar({ user, ...props }: ProfileAvatarProps) {
  const picture = useStoredImage(user.profilePicture.url);
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Avatar src={picture.data} alt={fullName} color="indigo" variant="filled" {...props}>
      {initialsOf(user.firstName, user.lastName)}
    </Avatar>
  );
}
