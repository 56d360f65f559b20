/**
 * The staff members as CSV (GET /api/staff/export.csv, owner; docs/integrations.md "Exports"):
 * every member, by last name as the owner's list shows them (service.ts `readMembers`), streamed a
 * batch at a time (lib/csv.ts: formula-safe cells). Nothing secret leaves: no password hash, TOTP
 * secret, invitation token or recovery code, only whether two-factor is on.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { type StreamRows, csvStream, csvTime } from '../../lib/csv';
import { invited, isStaff, lastSignInAt } from './service';

/** One member as the export reads it (raw columns). */
interface StaffExportRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  two_factor: boolean;
  deactivated_at: Date | string | null;
  banned: boolean;
  invited: boolean;
  last_sign_in_at: Date | string | null;
}

/** The export's header row. */
export const STAFF_CSV_HEAD = [
  'Last name',
  'First name',
  'E-mail',
  'Role',
  'Two-factor',
  'Status',
  'Last sign-in (UTC)',
  'ID',
];

/** A member's state as the list's badges read: deactivated, blocked, invited (no password yet) or active. */
function memberStatus(r: StaffExportRow): string {
  if (r.deactivated_at !== null) return 'deactivated';
  if (r.banned) return 'blocked';
  return r.invited ? 'invited' : 'active';
}

/**
 * Every staff member (role ≠ client, not deleted), by last name, first name and e-mail, as a CSV
 * stream: names, e-mail, role, two-factor on or off, status, last successful sign-in (ISO 8601
 * UTC, "" for never). Throws what the database throws on the first batch (lib/csv.ts `csvStream`).
 */
export function exportStaffCsv(streamRows: StreamRows): Promise<Readable> {
  const rows = streamRows<StaffExportRow>(
    sql`select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
      ${users.email} as email, ${users.role} as role, ${users.twoFactorEnabled} as two_factor,
      ${users.deactivatedAt} as deactivated_at, ${users.banned} as banned, ${invited} as invited,
      ${lastSignInAt} as last_sign_in_at
      from ${users} where ${isStaff}
      order by ${users.lastName} asc, ${users.firstName} asc, ${users.email} asc`,
  );
  return csvStream(STAFF_CSV_HEAD, rows, (r) => [
    r.last_name,
    r.first_name,
    r.email,
    r.role,
    r.two_factor ? 'on' : 'off',
    memberStatus(r),
    csvTime(r.last_sign_in_at),
    r.id,
  ]);
}
