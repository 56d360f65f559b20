/**
 * TanStack Query hooks of the owner's API keys (docs/integrations.md "API keys"): GET /api/api-keys,
 * POST /api/api-keys and POST /api/api-keys/:id/revoke (`apiKeys.manage`); and of a client's own
 * read-only keys ("Client keys"): /api/api-keys/mine.
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

const MINE = ['api-keys', 'mine'];

/** GET /api-keys/mine (a client): their own keys, newest first; never a secret. */
export const ownApiKeysQuery = dataQuery<ApiKey[]>(MINE, '/api-keys/mine');

/**
 * POST /api-keys/mine (a client): a read-only key, confirmed by a code; answers the secret once.
 * Takes the staff form's shape and sends it without permissions (a client key holds none).
 */
export const useCreateOwnApiKey = () =>
  useRefetchingMutation(
    ({ permissions: _none, ...body }: ApiKeyCreateForm) => api.post<ApiKeyCreated>('/api-keys/mine', body),
    MINE,
  );

/** POST /api-keys/mine/:id/revoke (a client): the key is refused from its next call. */
export const useRevokeOwnApiKey = () =>
  useRefetchingMutation(
    ({ id }: { id: string }) => api.post<MessageAnswer>(`/api-keys/mine/${id}/revoke`),
    MINE,
  );
