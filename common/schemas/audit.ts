/**
 * The audit log's API (GET /api/audit): who did what to whom, with before → after
 * snapshots (small JSON objects; amounts in USD). Read-only: no route edits or deletes a row.
 */
import { z } from 'zod';
import { withDateRange } from './date-range';
import { cursorQuery, nextCursorField, pagedListSchema, pagingQuery, textFields } from './common';

/** GET /api/audit: filters by admin, client, action and UTC days `from`–`to`; newest first; sizes 10/20/30/40. */
const auditFilters = z.object({
  actorId: z.uuid('Invalid id').optional(),
  targetUserId: z.uuid('Invalid id').optional(),
  /** Part of the client's e-mail or name (case-insensitive). */
  client: z.string().trim().max(100).optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_.-]{1,64}$/, 'Invalid action')
    .optional(),
});
export const auditQuerySchema = withDateRange(
  auditFilters.extend({ ...pagingQuery(20).shape, ...cursorQuery.shape }),
);
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** GET /api/audit/export.csv: the list's filters, every matching row (no paging). */
export const auditExportQuerySchema = withDateRange(auditFilters);
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/** A person named in an audit row; `role` (common/permissions.ts) says which page is theirs. */
export const auditPersonSchema = z.object({
  ...textFields('_id', 'email', 'firstName', 'lastName'),
  role: z.string().describe('`client` or a staff role; "" for the command line'),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

/** Snapshot keys whose values are user ids: the log names these people (`people` of an entry). */
export const AUDIT_PERSON_KEYS = ['makerId', 'checkerId', 'userId'] as const;

/** A before or after snapshot: a small JSON object (amounts in USD), or null. */
const snapshot = z.unknown().describe('A small JSON object (amounts in USD), or null');

/** One audit row as the API answers it. */
export const publicAuditEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.iso.datetime(),
  action: z.string().describe('Dotted verb, e.g. `deposit.approve`, `user.block`'),
  actor: auditPersonSchema.describe(
    'The staff member who acted; `_id` "" and e-mail "command line" for an action made with `npm run staff`',
  ),
  apiKey: z
    .object({ id: z.string(), name: z.string(), prefix: z.string() })
    .nullable()
    .describe('The API key the staff member acted through (docs/integrations.md "API keys"), else null'),
  targetUser: auditPersonSchema.nullable().describe('The client concerned, when there is one'),
  targetId: z.string().nullable().describe('The row acted on, when there is one'),
  before: snapshot,
  after: snapshot,
  ip: z.string().nullable(),
  people: z
    .array(auditPersonSchema)
    .describe(
      'The people whose ids the snapshots hold under `AUDIT_PERSON_KEYS` (a removed user is left out)',
    ),
});
export type PublicAuditEntry = z.infer<typeof publicAuditEntrySchema>;

/** Answer of GET /api/audit. */
export const auditPageSchema = pagedListSchema(publicAuditEntrySchema).extend({
  nextCursor: nextCursorField,
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The admins who acted and the actions recorded, for the filters. */
export const auditFiltersSchema = z.object({
  admins: z.array(auditPersonSchema),
  actions: z.array(z.string()),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** Answer of GET /api/audit/filters. */
export const auditFiltersAnswerSchema = z.object({ data: auditFiltersSchema });
