/**
 * TanStack Query hooks of the owner's API keys (docs/integrations.md "API keys"): GET /api/api-keys,
 * POST /api/api-keys and POST /api/api-keys/:id/revoke (`apiKeys.manage`).
 */
import type { z } from 'zod';
import type { ApiKey, apiKeyCreatedAnswerSchema, apiKeyCreateSchema } from '@common/schemas/api-keys';
import type { MessageAnswer } from '../../lib/api-client';
import { api } from '../../lib/api-client';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';

export type { ApiKey };
/** What the create form sends. */
export type ApiKeyCreateForm = z.input<typeof apiKeyCreateSchema>;
/** The creation's answer: the key, and its secret (the only time it is sent). */
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedAnswerSchema>;

const KEY = ['api-keys'];

/** GET /api-keys (owner): every key, newest first; never a secret. */
export const apiKeysQuery = dataQuery<ApiKey[]>(KEY, '/api-keys');

/**
 * POST /api-keys (owner): a key for the caller, confirmed by an authenticator or backup code;
 * answers the secret once. Refetches the list.
 */
export const useCreateApiKey = () =>
  useRefetchingMutation((body: ApiKeyCreateForm) => api.post<ApiKeyCreated>('/api-keys', body), KEY);

/** POST /api-keys/:id/revoke {reason} (owner): the key is refused from its next call. */
export const useRevokeApiKey = () =>
  useRefetchingMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<MessageAnswer>(`/api-keys/${id}/revoke`, { reason }),
    KEY,
  );
