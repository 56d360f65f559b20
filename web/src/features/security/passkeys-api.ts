/**
 * TanStack Query hooks of the signed-in user's passkeys (docs/security.md "Passkeys"): the list,
 * adding one (the ceremony in passkey-client.ts), renaming, confirming with one (a fresh proof for
 * removal) and removing one (with the password, a code, or that confirmation).
 */
import type { PasskeyRemoveInput } from '@common/schemas/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type MessageAnswer } from '../../lib/api-client';
import { addPasskey, assertPasskey } from '../../lib/passkey-client';
import { passkeysQuery } from '../../lib/user-queries';

export { passkeysQuery };
const KEY = passkeysQuery.queryKey;

/** A passkey change; the list is refetched once it succeeds. */
function usePasskeyChange<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Creates a passkey named `name` on this device and stores it (the owner is e-mailed). */
export const useAddPasskey = () => usePasskeyChange((name: string) => addPasskey(name));

/** PATCH /auth/passkeys/:id {name}. */
export const useRenamePasskey = () =>
  usePasskeyChange(({ id, name }: { id: string; name: string }) =>
    api.patch<MessageAnswer>(`/auth/passkeys/${encodeURIComponent(id)}`, { name }),
  );

/** Confirms it is the user with one of their passkeys: lets one removal through within 5 minutes. */
export const useConfirmWithPasskey = () =>
  useMutation({ mutationFn: () => assertPasskey<MessageAnswer>({ 'x-passkey-purpose': 'reverify' }) });

/** DELETE /auth/passkeys/:id with the password, a code, or nothing after a passkey confirmation. */
export const useRemovePasskey = () =>
  usePasskeyChange(({ id, proof }: { id: string; proof: PasskeyRemoveInput }) =>
    api.delete<MessageAnswer>(`/auth/passkeys/${encodeURIComponent(id)}`, proof),
  );
