/**
 * TanStack Query hooks of the client's profile (/account/profile): the profile, photo and
 * verification changes, the password change, and stored images (profile picture, identity
 * documents), which are fetched with the bearer token because no public path serves them, and the
 * "Download my data" zip. Every change answers the refreshed user, which replaces the stored one.
 */
import type { changePasswordSchema } from '@common/schemas/auth';
import {
  dataExportFileName,
  type ProfilePictureInput,
  type UpdateProfileInput,
  type VerificationInput,
} from '@common/schemas/profile';
import type { UserWithFigures } from '@common/schemas/users';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { api, type MessageAnswer } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';
import { getUser, updateUser } from '../../lib/session';
import { meQuery } from '../../lib/user-queries';

/** Answer of the profile changes: what happened, and the refreshed user. */
export interface UserChangeAnswer {
  message: string;
  data: UserWithFigures;
}

/** The signed-in user; the stored user stands in (without figures) while the fresh copy loads. */
export function useMe() {
  return useQuery({ ...meQuery, placeholderData: () => (getUser() as UserWithFigures | null) ?? undefined });
}

/** Stores the refreshed user and lets the other views of it (header, account home) refetch. */
function refreshUser(queryClient: QueryClient, user: UserWithFigures): void {
  updateUser(user);
  queryClient.setQueryData(meQuery.queryKey, user);
  void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
}

/** A mutation whose answer carries the refreshed user. */
function useUserChange<Input>(send: (input: Input) => Promise<UserChangeAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (answer) => refreshUser(queryClient, answer.data) });
}

/** PATCH /user/profile {firstName, lastName, phone, gender, country}. */
export function useUpdateProfile() {
  return useUserChange((input: UpdateProfileInput) => api.patch<UserChangeAnswer>('/user/profile', input));
}

/** POST /user/profile-picture {image (data URL)}. */
export function useUploadPicture() {
  return useUserChange((input: ProfilePictureInput) =>
    api.post<UserChangeAnswer>('/user/profile-picture', input),
  );
}

/** POST /user/verification {documentType, address, state, documentFront, documentBack?}. */
export function useSubmitVerification() {
  return useUserChange((input: VerificationInput) => api.post<UserChangeAnswer>('/user/verification', input));
}

/** POST /auth/change-password {oldPassword, newPassword}; the answer's message is shown as is. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: z.infer<typeof changePasswordSchema>) =>
      api.post<MessageAnswer>('/auth/change-password', input),
  });
}

/**
 * GET /user/export.zip with the session's token, saved as my-data-YYYY-MM-DD.zip: the client's own
 * data (docs/integrations.md "Your data"). A refusal throws ApiError with the server's message.
 */
export async function downloadMyData(): Promise<void> {
  saveBlob(await api.blob('/user/export.zip'), dataExportFileName(new Date()));
}

const FILE_KEY = 'stored-image';

/**
 * A stored image (a presented `…url` such as `/api/files/profile-pictures/:id?v=…`) fetched with
 * the bearer token, as an object URL for `<img src>`; undefined while loading or without a url.
 * Object URLs are released when their cache entry is dropped.
 */
export function useStoredImage(url: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const data: unknown = event.query.state.data;
        if (event.type === 'removed' && event.query.queryKey[0] === FILE_KEY && typeof data === 'string') {
          URL.revokeObjectURL(data);
        }
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: [FILE_KEY, url],
    queryFn: async () => URL.createObjectURL(await api.blob(url!.replace(/^\/api(?=\/)/, ''))),
    enabled: Boolean(url),
    staleTime: Infinity,
  });
}
