/**
 * "Download my data": everything the client can already see about themselves, in one zip
 * (GDPR art. 15, the right of access, and art. 20, data portability; docs/integrations.md "Your data").
 *
 * Each part is one table written twice, as JSON (UTF-8, an array of objects; the profile one object)
 * and as CSV (RFC 4180 with a header row, cells formula-safe: lib/csv.ts), with the same columns
 * under the same names, plus README.txt, written from the same column list, saying what each file
 * and column holds. Units: amounts are USD as decimal strings with two decimals ("1234.50",
 * "-20.00"), never cents or floats; times are ISO 8601 in UTC ("2026-03-01T09:30:00.000Z"); days
 * are YYYY-MM-DD.
 *
 * What is never in it: secrets (password hash, TOTP secret, backup codes, session tokens, one-time
 * codes, passkey keys, API key hashes), storage keys, internal ids of staff, and anything staff
 * record that the client is not shown (who decided, review notes, ban reasons). Other people's data
 * neither: a support reply says "support", not who wrote it.
 *
 * Read straight from the tables (db/schema), one query per part (two for support): the profile
 * room imports no other room (docs/architecture.md "Rooms").
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { dataExportFileName } from '@common/schemas/profile';
import type { Db } from '../../db/client';
import {
  issuedStatements,
  ledgerAccounts,
  notifications,
  signInEvents,
  supportReplies,
  supportTickets,
  transactionHistory,
  users,
} from '../../db/schema';
import { csvText } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { usdDecimal } from '../../lib/money';
import {
  HISTORY_COLUMNS,
  NOTIFICATION_COLUMNS,
  PROFILE_COLUMNS,
  SIGN_IN_COLUMNS,
  STATEMENT_COLUMNS,
  SUPPORT_COLUMNS,
} from './data-export-columns';

/** One cell of an exported row: JSON keeps its type; CSV writes null as an empty cell. */
type Cell = string | number | boolean | null;
type Row = Record<string, Cell>;

/** One part of the export: `<name>.json` and `<name>.csv`, and its README section. */
export interface ExportPart {
  /** The files' base name, e.g. `history`. */
  name: string;
  /** What the part holds, for README.txt. */
  about: string;
  /** The columns in order: name (the JSON key and the CSV header) and what it holds. */
  columns: ReadonlyArray<readonly [string, string]>;
  rows: Row[];
  /** The profile: its JSON file is the one object, not an array of one. */
  single?: boolean;
}

/** The export of one client: its file name and the zip's bytes. */
export interface DataExport {
  /** `my-data-YYYY-MM-DD.zip`, the UTC day it was made. */
  fileName: string;
  zip: Uint8Array;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;
/** Your profile and balances, as the profile page and the dashboard show them. */
async function profilePart(db: Db, userId: string): Promise<ExportPart> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new AppError('user_not_found');
  const balances = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const balance = (kind: string) => usdDecimal(balances.find((b) => b.kind === kind)?.balance ?? 0n);
  const row: Row = {
    id: u.id,
    email: u.email,
    email_confirmed: u.emailVerified,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    gender: u.gender,
    country: u.country,
    address: u.address,
    state: u.state,
    account_plan: u.accountPlan,
    identity_verification: u.verificationStatus,
    identity_document_type: u.documentType,
    identity_submitted_at: iso(u.verificationSubmittedAt),
    identity_decided_at: iso(u.verificationDecidedAt),
    identity_rejection_reason: u.verificationReason,
    address_verified_at: iso(u.addressVerifiedAt),
    two_factor_enabled: u.twoFactorEnabled,
    referral_id: u.referralId,
    terms_accepted_at: iso(u.termsAcceptedAt),
    created_at: u.createdAt.toISOString(),
    available_usd: balance('available'),
    held_usd: balance('held'),
    invested_usd: balance('invested'),
  };
  return {
    name: 'profile',
    about: 'Your profile and your balances when the file was made.',
    columns: PROFILE_COLUMNS,
    rows: [row],
    single: true,
  };
}

/** Every line of the transaction history (the `transaction_history` view), newest first. */
async function historyPart(db: Db, userId: string): Promise<ExportPart> {
  const th = transactionHistory;
  const lines = await db
    .select()
    .from(th)
    .where(eq(th.userId, userId))
    .orderBy(desc(th.date), desc(th.createdAt), desc(th.id));
  return {
    name: 'history',
    about: 'Your transaction history, every line, newest first (the history page and its CSV export).',
    columns: HISTORY_COLUMNS,
    rows: lines.map((l) => ({
      id: l.id,
      date: l.date.toISOString(),
      type: l.type,
      direction: l.direction,
      amount_usd: usdDecimal(l.amount),
      status: l.status,
      method: l.method,
      details: l.details,
      voided: l.voided,
    })),
  };
}

/** The signed statements issued to the client, newest first, with why one was superseded. */
async function statementsPart(db: Db, userId: string): Promise<ExportPart> {
  const s = issuedStatements;
  const rows = await db.select().from(s).where(eq(s.userId, userId)).orderBy(desc(s.issuedAt), desc(s.id));
  return {
    name: 'statements',
    about:
      'The signed statements issued to you, newest first (the statements page). The PDF files ' +
      'themselves are not included: download them again from the statements page.',
    columns: STATEMENT_COLUMNS,
    rows: rows.map((r) => ({
      id: r.id,
      from: r.rangeFrom,
      to: r.rangeTo,
      issued_at: r.issuedAt.toISOString(),
      downloaded: r.fileDigest !== null,
      tree_head_size: r.treeHeadSize,
      superseded_at: iso(r.supersededAt),
      corrected_by: r.supersededBy,
      superseded_by_entry: r.reasonEntryId,
      superseded_by_amount_usd: r.reasonAmountCents === null ? null : usdDecimal(r.reasonAmountCents),
      superseded_by_description: r.reasonDescription,
    })),
  };
}

/** The in-app notices sent to the client, newest first. */
async function notificationsPart(db: Db, userId: string): Promise<ExportPart> {
  const n = notifications;
  const rows = await db.select().from(n).where(eq(n.userId, userId)).orderBy(desc(n.createdAt), desc(n.id));
  return {
    name: 'notifications',
    about: 'The notices sent to you in the app, newest first.',
    columns: NOTIFICATION_COLUMNS,
    rows: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      title: r.title,
      message: r.message,
      read_at: iso(r.readAt),
    })),
  };
}

/** Every message of the client's support tickets: the opening one, then the replies, oldest first. */
async function supportPart(db: Db, userId: string): Promise<ExportPart> {
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportTickets.createdAt), asc(supportTickets.id));
  const replies = tickets.length
    ? await db
        .select()
        .from(supportReplies)
        .where(
          inArray(
            supportReplies.ticketId,
            tickets.map((t) => t.id),
          ),
        )
        .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id))
    : [];
  const rows = tickets.flatMap((t) => {
    const ticket = { ticket_status: t.status, ticket_closed_at: iso(t.closedAt) };
    const opening: Row = {
      ticket_id: t.id,
      message_id: t.id,
      sent_at: t.createdAt.toISOString(),
      from: 'you',
      message: t.message,
      ...ticket,
    };
    const answers = replies
      .filter((r) => r.ticketId === t.id)
      .map((r) => ({
        ticket_id: t.id,
        message_id: r.id,
        sent_at: r.createdAt.toISOString(),
        from: r.fromSupport ? 'support' : 'you',
        message: r.message,
        ...ticket,
      }));
    return [opening, ...answers];
  });
  return {
    name: 'support-messages',
    about: "Your support tickets, one row per message (yours and support's), ticket by ticket, oldest first.",
    columns: SUPPORT_COLUMNS,
    rows,
  };
}

/** Every sign-in attempt on the account (the Security tab's sign-in history), newest first. */
async function signInPart(db: Db, userId: string): Promise<ExportPart> {
  const e = signInEvents;
  const rows = await db.select().from(e).where(eq(e.userId, userId)).orderBy(desc(e.createdAt), desc(e.id));
  return {
    name: 'sign-in-history',
    about: 'Every sign-in attempt on your account, newest first (the Security tab).',
    columns: SIGN_IN_COLUMNS,
    rows: rows.map((r) => ({
      at: r.createdAt.toISOString(),
      result: r.result,
      ip: r.ip,
      user_agent: r.userAgent,
    })),
  };
}

/** A cell as CSV text: null empty, booleans `true`/`false`. */
const cellText = (value: Cell) => (value === null ? '' : String(value));

/** `text` in lines of at most 96 characters: the first after `first`, the others after `rest`. */
function wrap(text: string, first: string, rest = first): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(' ')) {
    if (line.trim() && line.length + 1 + word.length > 96) {
      lines.push(line);
      line = rest + word;
    } else line = line.trim() ? `${line} ${word}` : line + word;
  }
  return [...lines, line];
}

/** README.txt: how the files are written, then each part's files and columns. */
function readme(parts: ExportPart[], madeAt: Date): string {
  const lines = [
    'YOUR DATA',
    '',
    `Made ${madeAt.toISOString()} for the account it was downloaded from.`,
    'Everything we show you about yourself, each part twice: as JSON (UTF-8) and as CSV',
    '(comma-separated, a header row, CRLF line ends; a cell a spreadsheet would run as a formula',
    'starts with an apostrophe). Both files of a part hold the same rows and columns.',
    '',
    'Units: amounts are US dollars as decimal strings with two decimals ("1234.50", "-20.00"),',
    'never cents. Times are ISO 8601 in UTC ("2026-03-01T09:30:00.000Z"); days are YYYY-MM-DD.',
    'An empty CSV cell is null in the JSON file.',
    '',
    'Not included: your password, two-factor secret and backup codes, session and one-time codes,',
    'passkey keys, and notes staff keep for themselves. Your profile picture and identity',
    'documents can be seen on the profile page.',
  ];
  for (const part of parts) {
    lines.push('', `${part.name}.json, ${part.name}.csv`, ...wrap(part.about, '  '));
    for (const [column, what] of part.columns) lines.push(...wrap(`- ${column}: ${what}`, '  ', '    '));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Builds the data export of client `userId` as of `now`: README.txt, then `<part>.json` and
 * `<part>.csv` for profile, history, statements, notifications, support-messages and
 * sign-in-history (module comment: units, what is left out). Throws AppError 404 `user_not_found`
 * when the user is gone.
 */
export async function buildDataExport(db: Db, userId: string, now = new Date()): Promise<DataExport> {
  const parts = [
    await profilePart(db, userId),
    await historyPart(db, userId),
    await statementsPart(db, userId),
    await notificationsPart(db, userId),
    await supportPart(db, userId),
    await signInPart(db, userId),
  ];
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(readme(parts, now)) };
  for (const part of parts) {
    const names = part.columns.map(([column]) => column);
    // the keys in the columns' order, whatever order a row was built in
    const objects = part.rows.map((row) => Object.fromEntries(names.map((c) => [c, row[c] ?? null])));
    const json = part.single ? objects[0] : objects;
    files[`${part.name}.json`] = strToU8(`${JSON.stringify(json, null, 2)}\n`);
    files[`${part.name}.csv`] = strToU8(
      csvText(
        names,
        part.rows.map((row) => names.map((column) => cellText(row[column] ?? null))),
      ),
    );
  }
  return { fileName: dataExportFileName(now), zip: zipSync(files, { mtime: now }) };
}
