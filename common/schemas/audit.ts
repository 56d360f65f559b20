/**
 * The audit log's API (issue 6; GET /api/audit): who did what to whom, with before → after
 * snapshots (small JSON objects; amounts in USD). Read-only: no route edits or deletes a row.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';

/** GET /api/audit: filters by admin, client and action; newest first; sizes 10/20/30/40. */
export const auditQuerySchema = z.object({
  actorId: z.uuid('Invalid id').optional(),
  targetUserId: z.uuid('Invalid id').optional(),
  /** Part of the client's e-mail or name (case-insensitive). */
  client: z.string().trim().max(100).optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_.-]{1,64}$/, 'Invalid action')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .refine(
      (n) => (LIMITS.tablePageSizes as readonly number[]).includes(n),
      'pageSize must be 10, 20, 30 or 40',
    )
    .default(20),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A person named in an audit row. */
export interface AuditPerson {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** One audit row as the API answers it. */
export interface PublicAuditEntry {
  _id: string;
  createdAt: string;
  /** Dotted verb, e.g. `deposit.approve`, `user.block`. */
  action: string;
  actor: AuditPerson;
  /** The client concerned, when there is one. */
  targetUser: AuditPerson | null;
  /** The row acted on, when there is one. */
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** Answer of GET /api/audit. */
export interface AuditPage {
  data: PublicAuditEntry[];
  total: number;
}

/** Answer of GET /api/audit/filters: the admins who acted and the actions recorded, for the filters. */
export interface AuditFilters {
  admins: AuditPerson[];
  actions: string[];
}
