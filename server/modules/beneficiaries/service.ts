/**
 * The withdrawal address book (docs/security.md "Withdrawal address book"). A client saves a
 * destination (formats and checksums checked by common/destinations.ts through the route's
 * schema); it is usable for withdrawals only once the client opened the e-mailed single-use link
 * (`confirm`) and `BENEFICIARY_DELAY_HOURS` have passed since, during which the client is told and
 * may cancel it. Every time is the database's `now()`, so one clock decides (and the test hook
 * `testing.ts` moves it for a test).
 *
 * - `add`: the row (`pending_confirmation`), the link's token (32 random bytes, only its SHA-256
 *   stored, valid `LINK_TTL_HOURS`), the confirmation e-mail and a notice, in one transaction;
 *   409 `beneficiary_exists` when the client already has that destination live.
 * - `confirm`: 400 `beneficiary_link_invalid` for an unknown, used, expired or cancelled token, or
 *   one of another client; the token is cleared, so the link works once.
 * - `cancel`: only before the destination is usable (409 `beneficiary_not_cancellable` after).
 * - `activateDue` (the sweep, server/jobs.ts): `waiting` rows whose time came become `active`, and
 *   their clients are told (notice and e-mail).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { destinationKey, type AddBeneficiaryInput } from '@common/schemas/beneficiaries';
import { ibanElectronic, WALLET_NETWORKS, type DestinationNetwork } from '@common/destinations';
import { BENEFICIARY_DELAY_HOURS_DEFAULT } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { beneficiaries } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work';
import { beneficiaryConfirmationMail } from './emails';
import { destinationText, type BeneficiaryRow } from './presenter';

/** A confirmation link works for this many hours. */
export const LINK_TTL_HOURS = 24;

/** The states in which a destination is live (saved, not cancelled or deleted). */
const LIVE = ['pending_confirmation', 'waiting', 'active'] as const;

/** The stored form of a link's token: SHA-256, base64url. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A time as the notices write it: `2026-11-30 18:05 UTC`. */
export const noticeTime = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The row's columns from a validated form: the IBAN in electronic format, the BIC upper case. */
function columnsOf(input: AddBeneficiaryInput) {
  if (input.kind === 'crypto') {
    const { network, address } = input;
    return { kind: 'crypto', network, address, destinationKey: destinationKey(input) };
  }
  const iban = input.iban === '' ? '' : ibanElectronic(input.iban);
  const bank = { ...input, iban };
  return {
    kind: 'bank',
    iban: iban || null,
    accountNumber: iban ? null : input.accountNumber,
    routing: iban ? null : input.routing,
    swift: input.swift.toUpperCase(),
    bankName: input.bankName,
    accountName: input.accountName,
    destinationKey: destinationKey(bank),
  };
}

/** A withdrawal's destination as the withdrawal form types it. */
export type TypedDestination =
  | { method: 'crypto'; wallet: string; address: string }
  | { method: 'bank'; iban: string; accountNumber: string; routing: string; swift: string };

/**
 * SQL true when `userId` has the typed destination `d` in their address book, usable now: active,
 * or confirmed with its waiting period over (`active_from <= now()`). A crypto destination matches
 * on one of the wallet's networks and the address (case-insensitive where the format is); a bank
 * one on its IBAN (electronic format), or account number and routing number, and BIC. For the withdrawal request's read
 * (withdrawals/request.ts), so the check is part of the request's own round trips.
 */
export function usableDestination(userId: string, d: TypedDestination) {
  const keys =
    d.method === 'crypto'
      ? ((WALLET_NETWORKS as Record<string, readonly DestinationNetwork[]>)[d.wallet] ?? []).map((network) =>
          destinationKey({ kind: 'crypto', network, address: d.address.trim() }),
        )
      : [destinationKey({ kind: 'bank', iban: d.iban, accountNumber: d.accountNumber, routing: d.routing })];
  if (keys.length === 0) return sql`false`;
  const bic = d.method === 'bank' ? sql` and b.swift = ${d.swift.trim().toUpperCase()}` : sql``;
  return sql`exists (select 1 from ${beneficiaries} b where b.user_id = ${userId}::uuid
    and b.destination_key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})${bic} and b.status in ('waiting', 'active') and b.active_from <= now())`;
}

export function createBeneficiariesService({ db, log, config, mailer, notifications }: ServiceDeps) {
  const delayHours = config.beneficiaryDelayHours ?? BENEFICIARY_DELAY_HOURS_DEFAULT;

  /** The client's row `id` (any state but deleted), or 404. */
  async function ownRow(conn: DbOrTx, userId: string, id: string): Promise<BeneficiaryRow> {
    const [row] = await conn
      .select()
      .from(beneficiaries)
      .where(
        and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId), ne(beneficiaries.status, 'deleted')),
      );
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** Tells the client about `row` (a notice, and its e-mail unless `mail` is false). */
  function tell(uow: UnitOfWork, row: BeneficiaryRow, title: string, message: string, mail = true) {
    return notifications.notify(uow, { userId: row.userId, title, message }, { mail, kind: 'account' });
  }

  return {
    /** The client's destinations (not deleted), newest first. */
    listForUser(userId: string): Promise<BeneficiaryRow[]> {
      return db
        .select()
        .from(beneficiaries)
        .where(and(eq(beneficiaries.userId, userId), ne(beneficiaries.status, 'deleted')))
        .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id));
    },

    /** Every destination a client ever saved, deleted and cancelled ones included (staff), newest first. */
    listForClient(clientId: string): Promise<BeneficiaryRow[]> {
      return db
        .select()
        .from(beneficiaries)
        .where(eq(beneficiaries.userId, clientId))
        .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id));
    },

    /**
     * Saves a destination for `user` and e-mails the single-use confirmation link
     * (`${publicUrl}/account/withdrawal-addresses?confirm=<token>`). 409 when it is already live.
     */
    async add(user: UserRow, input: AddBeneficiaryInput): Promise<BeneficiaryRow> {
      const token = randomBytes(32).toString('base64url');
      return inTransaction(db, log, async (uow) => {
        const [row] = await uow.tx
          .insert(beneficiaries)
          .values({
            ...columnsOf(input),
            userId: user.id,
            label: input.label,
            confirmTokenHash: tokenHash(token),
            confirmExpiresAt: sql`now() + make_interval(hours => ${LINK_TTL_HOURS})`,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('beneficiary_exists');
        const link = new URL('/account/withdrawal-addresses', config.publicUrl);
        link.searchParams.set('confirm', token);
        const destination = destinationText(row);
        await mailer.enqueue(
          uow,
          beneficiaryConfirmationMail(
            user.email,
            {
              link: link.toString(),
              label: row.label,
              destination,
              hours: LINK_TTL_HOURS,
              delay: delayHours,
            },
            user.firstName,
          ),
        );
        await tell(
          uow,
          row,
          'Withdrawal destination added',
          `"${row.label}" (${destination}) was added to your address book. Confirm it with the link we e-mailed you; it becomes usable ${delayHours} hours after that.`,
          false,
        );
        return row;
      });
    },

    /** Confirms the destination of the link's `token`: it waits `BENEFICIARY_DELAY_HOURS`, then is usable. */
    async confirm(user: UserRow, token: string): Promise<BeneficiaryRow> {
      return inTransaction(db, log, async (uow) => {
        const [row] = await uow.tx
          .update(beneficiaries)
          .set({
            status: 'waiting',
            confirmTokenHash: null,
            confirmedAt: sql`now()`,
            activeFrom: sql`now() + make_interval(hours => ${delayHours})`,
          })
          .where(
            and(
              eq(beneficiaries.confirmTokenHash, tokenHash(token)),
              eq(beneficiaries.userId, user.id),
              eq(beneficiaries.status, 'pending_confirmation'),
              sql`${beneficiaries.confirmExpiresAt} > now()`,
            ),
          )
          .returning();
        if (!row) throw new AppError('beneficiary_link_invalid');
        await tell(
          uow,
          row,
          'Withdrawal destination confirmed',
          `"${row.label}" (${destinationText(row)}) becomes usable for withdrawals on ${noticeTime(row.activeFrom!)}. If you did not add it, cancel it in your address book before then and change your password.`,
        );
        return row;
      });
    },

    /** Renames one of the client's live destinations. */
    async rename(user: UserRow, id: string, label: string): Promise<BeneficiaryRow> {
      const [row] = await db
        .update(beneficiaries)
        .set({ label })
        .where(
          and(
            eq(beneficiaries.id, id),
            eq(beneficiaries.userId, user.id),
            inArray(beneficiaries.status, [...LIVE]),
          ),
        )
        .returning();
      if (!row) throw new AppError('not_found');
      return row;
    },

    /** Cancels a destination that is not usable yet (awaiting its link, or in its waiting period). */
    async cancel(user: UserRow, id: string): Promise<BeneficiaryRow> {
      return inTransaction(db, log, async (uow) => {
        const [row] = await uow.tx
          .update(beneficiaries)
          .set({ status: 'cancelled', confirmTokenHash: null, endedAt: sql`now()` })
          .where(
            and(
              eq(beneficiaries.id, id),
              eq(beneficiaries.userId, user.id),
              sql`(${beneficiaries.status} = 'pending_confirmation'
                or (${beneficiaries.status} = 'waiting' and ${beneficiaries.activeFrom} > now()))`,
            ),
          )
          .returning();
        if (!row) {
          await ownRow(uow.tx, user.id, id);
          throw new AppError('beneficiary_not_cancellable');
        }
        await tell(
          uow,
          row,
          'Withdrawal destination cancelled',
          `"${row.label}" (${destinationText(row)}) was cancelled and will never receive withdrawals.`,
        );
        return row;
      });
    },

    /** Deletes one of the client's destinations (kept for staff, never usable again). */
    async remove(user: UserRow, id: string): Promise<void> {
      const [row] = await db
        .update(beneficiaries)
        .set({
          status: 'deleted',
          confirmTokenHash: null,
          endedAt: sql`coalesce(${beneficiaries.endedAt}, now())`,
        })
        .where(
          and(
            eq(beneficiaries.id, id),
            eq(beneficiaries.userId, user.id),
            ne(beneficiaries.status, 'deleted'),
          ),
        )
        .returning({ id: beneficiaries.id });
      if (!row) throw new AppError('not_found');
    },

    /**
     * The sweep: marks `active` every waiting destination whose time came and tells its client
     * (notice and e-mail), in one transaction. Two processes at once mark each row once (the second
     * update finds it no longer waiting). Answers how many.
     */
    async activateDue(): Promise<number> {
      return inTransaction(db, log, async (uow) => {
        const rows = await uow.tx
          .update(beneficiaries)
          .set({ status: 'active' })
          .where(and(eq(beneficiaries.status, 'waiting'), lte(beneficiaries.activeFrom, sql`now()`)))
          .returning();
        for (const row of rows) {
          await tell(
            uow,
            row,
            'Withdrawal destination active',
            `"${row.label}" (${destinationText(row)}) can now receive withdrawals.`,
          );
        }
        return rows.length;
      });
    },
  };
}

export type BeneficiariesService = ReturnType<typeof createBeneficiariesService>;
