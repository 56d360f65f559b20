/**
 * API keys for integrations (docs/integrations.md "API keys"): what the owner sends to create one,
 * how a key is listed, and the texts. A key acts for the staff member who created it, within the
 * permissions it was given (a subset of `KEY_PERMISSIONS`), from its networks, until it expires or
 * is revoked. Its secret is answered once, at creation.
 */
import { z } from 'zod';
import { PERMISSIONS, type Permission } from '../permissions';

/**
 * What a client's key holds instead of staff permissions: reading their own history, statements
 * and balances, on the routes that allow it (docs/integrations.md "Client keys").
 */
export const CLIENT_KEY_SCOPE = 'account.read';

/** The longest a key may live, in days: a key is renewed by creating another. */
export const API_KEY_MAX_DAYS = 365;
/** The most CIDR ranges one key may name. */
const MAX_NETWORKS = 20;

/** Every text of the API keys a user reads. */
export const API_KEY_MSG = {
  created: 'API key created. Copy it now: it is not shown again',
  revoked: 'API key revoked',
  notFound: 'API key not found',
  alreadyRevoked: 'This API key is already revoked',
  revokedKey: 'This API key has been revoked',
  expiredKey: 'This API key has expired',
  networkRefused: 'This API key cannot be used from this network',
  notForKeys: 'API keys can only be used on the back-office routes',
  scope: 'This API key does not allow this',
  notGrantable: (names: string) => `These permissions cannot be given to an API key: ${names}`,
  expiry: `The expiry must be in the future and within ${API_KEY_MAX_DAYS} days`,
  secondFactorNeeded: 'Turn on two-factor authentication or add a passkey to create API keys',
  network: 'Each network must be an IPv4 or IPv6 address or CIDR range, without host bits',
  clientKeyCreatedTitle: 'API key created',
  clientKeyCreated: (name: string) =>
    `A read-only API key "${name}" was created on your account. It can read your history, statements and balances, never move money. If this was not you, revoke it under Security and change your password.`,
  revokedByClient: 'Revoked by the client',
} as const;

/** An address or CIDR range, checked again on the server (lib/networks.ts). */
const networkField = z
  .string()
  .trim()
  .min(2)
  .max(49)
  .regex(/^[0-9a-fA-F.:]+(\/\d{1,3})?$/, API_KEY_MSG.network);

/** POST /api/api-keys: a name, its permissions, its networks, its expiry, and the creator's fresh second factor. */
export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name the key').max(100),
  permissions: z
    .array(z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]]))
    .min(1, 'Choose at least one permission')
    .max(Object.keys(PERMISSIONS).length),
  allowedNetworks: z.array(networkField).max(MAX_NETWORKS).default([]),
  expiresAt: z.iso.datetime({ offset: true }),
  /** An authenticator or backup code; none when a passkey confirmed this session in the last 5 minutes. */
  code: z.string().trim().min(6).max(20).optional(),
});
export type ApiKeyCreateInput = z.output<typeof apiKeyCreateSchema>;

/** POST /api/api-keys/mine: a client's read-only key, with its name, networks, expiry and fresh second factor. */
export const clientApiKeyCreateSchema = apiKeyCreateSchema.omit({ permissions: true });
export type ClientApiKeyCreateInput = z.output<typeof clientApiKeyCreateSchema>;

/** A key as the owner's list shows it: never its secret. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`bk_` and 7 more), to tell keys apart. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  allowedNetworks: z.array(z.string()),
  /** The staff member the key acts for. */
  member: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  /** `active`, `expired` or `revoked`, at the time of the answer. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysAnswerSchema = z.object({ data: z.array(apiKeySchema) });

/** The answer to a creation: the key, and its secret (the only time it is sent). */
export const apiKeyCreatedAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ key: apiKeySchema, secret: z.string() }),
});
