/**
 * A withdrawal request (POST /api/c-withdrawals, /b-withdrawals) in one read and one statement
 * (docs/performance.md "Money in two round trips"), whichever code confirms it: one read (the stored
 * answer of the Idempotency-Key and the account ids) that first reserves the check (docs/security.md
 * "Throttling": one attempt of the account's 10 in 24 hours, and, for an e-mailed code, one of the 5
 * tries of the code it names, or of every live code when it names none, both refused past the
 * budget in the same statement) and answers whether the code is one it took a try of; then ONE
 * statement (lib/unit-of-work.ts `StatementOfWork`) that locks the client's available and held
 * accounts in id order (answered as they are after any wait) and decides: the locked balance
 * covers the amount (and, for an e-mailed code, the code is consumed, only when it does). Only
 * then does it store the Idempotency-Key with its answer and insert the withdrawal with its
 * `withdrawal_hold` posting (available → held, ledger/statement.ts); it gives the account's attempt
 * back (a right code is no failure). A client with two-factor authentication confirms with the
 * authenticator: the same statement runs inside the transaction that accepts the TOTP code, so
 * its use and the request commit together. Amounts are cents.
 *
 * Races: two requests with one code both find it live in their reads; the second's UPDATE waits for
 * the first's statement and then finds it used, so it inserts nothing (400, not counted as a wrong
 * code: it was right when read). Two requests that together overdraw wait on the account lock; the
 * second sees the first's hold and inserts nothing (422). The statement also decides the identity
 * gate and the level's caps (limits/levels.ts, docs/security.md "Limits by verification level"):
 * a statement whose locked accounts moved after its snapshot decides nothing and runs once more,
 * so two requests that together pass a cap are one 201 and one 422. It checks the security hold
 * again too (security-holds, docs/security.md "Holds after security changes"): a hold committed
 * after the read (a password reset between the two round trips) refuses the request with the
 * read's 422. A hold committed after the statement's snapshot is ordered after the withdrawal: the
 * change that starts it reads nothing the withdrawal writes.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@common/constants';
import { againOnDeadlock, queryRows } from '../../db/client';
import {
  ledgerAccounts,
  oneTimeCodes,
  rateLimitHits,
  sessionReverifications,
  withdrawals,
} from '../../db/schema';
import type { UserRow } from '../../db/rows';
import { AppError } from '../../lib/errors';
import type { StatementKey } from '../../lib/idempotency';
import type { ServiceDeps } from '../../lib/service-deps';
import { hitUpsert } from '../../lib/rate-limit-store';
import { inTransaction, StatementOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { eventInStatement } from '../../lib/webhook-events';
import { usdDecimal } from '../../lib/money';
import { CODE_LIMITS, codeFailureKey } from '../auth/throttle';
import { oneTimeCodeHash } from '../../lib/one-time-codes';
import { sessionSecrets } from '../../lib/session-secrets';
import { client, refKey } from '../ledger/service';
import { accountIdOf, insufficientBalance, isAccountRace, postInStatement } from '../ledger/statement';
import { heldError } from '../security-holds/service';
import {
  identityRequired,
  limitState,
  overLimit,
  windowPassed,
  withdrawalLimitParts,
} from '../limits/levels';
import { REVERIFY_TTL_MS } from '../auth/fresh-factor';
import {
  destination,
  toActiveDestination,
  withdrawalDetails,
  withdrawalScope,
  type WithdrawalInput,
  type WithdrawalRow,
} from './destination';

export {
  destination,
  maskedDestination,
  toActiveDestination,
  withdrawalDetails,
  withdrawalScope,
} from './destination';
export type { WithdrawalInput, WithdrawalMethod, WithdrawalRow, WithdrawalTarget } from './destination';

/** How many times a statement that found its accounts moved since its snapshot runs again. */
const MAX_STALE_RERUNS = 20;

/** What the read finds (round trip 1). */
interface Found {
  idem: unknown;
  /** The check was reserved (false: 10 failures in 24 hours, or a replay of the key). */
  reserved: boolean;
  code_ok: boolean;
  available: string | null;
  held: string | null;
  /** The destination is an active one of the client's address book (or the book is not required). */
  destination_ok: boolean;
  /** The active hold after a security change (security-holds), or nulls. */
  hold_cause: string | null;
  hold_ends: Date | string | null;
}

/**
 * The withdrawal request of the withdrawals service (service.ts builds it once from its deps):
 * `request(user, request, key)`, see below.
 */
export function createWithdrawalRequests({ db, log, config, throttle, twoFactor, holds }: ServiceDeps) {
  const secrets = sessionSecrets(config);
  /**
   * Whether the code hash in `column` is `request`'s code under SESSION_SECRET or, during a
   * rotation, SESSION_SECRET_PREVIOUS (codes are issued under the first).
   */
  const isCodeOf = (column: SQL, userId: string, request: WithdrawalInput) => {
    const hashes = secrets.map(
      (secret) =>
        sql`${oneTimeCodeHash(secret, userId, 'withdrawal', withdrawalScope(request), request.input.token ?? '')}::text`,
    );
    return sql`${column} in (${sql.join(hashes, sql`, `)})`;
  };
  const failureKey = (userId: string) => codeFailureKey('withdrawal', userId);
  /** An unused, unexpired withdrawal code `c` of `userId`. */
  const unused = (c: SQL, userId: string) =>
    sql`${c}.user_id = ${userId}::uuid and ${c}.purpose = 'withdrawal' and ${c}.consumed_at is null
      and ${c}.expires_at > now()`;
  /** An unused code of `userId` with `tries` (e.g. `< 5`) tries counted. */
  const live = (userId: string, tries: SQL) =>
    sql`${unused(sql`c`, userId)} and c.attempts ${tries} ${LIMITS.otpMaxAttempts}::int`;
  /** `request`'s code for `request`'s own fields, live with this request's try counted. */
  const liveCode = (userId: string, request: WithdrawalInput) =>
    sql`${live(userId, sql`<=`)} and ${isCodeOf(sql`c.code_hash`, userId, request)}`;

  /**
   * Round trip 1: the key's answer, whether the destination is an active one of the address book,
   * the client's active hold after a security change (security-holds), the reserved attempt (and
   * code try, both taken only for such a destination and without a hold) and the account ids.
   */
  async function read(user: UserRow, request: WithdrawalInput, key: StatementKey<WithdrawalRow> | null) {
    const failures = hitUpsert(
      failureKey(user.id),
      CODE_LIMITS.failureWindowMs,
      CODE_LIMITS.failures,
      sql`(select v from idem) is null and (select ok from destination) and not exists (select 1 from hold)`,
    );
    // an authenticator's code is no one-time code, nor is a passkey: nothing to take a try of
    const tries =
      user.twoFactorEnabled || request.input.confirmation === 'passkey'
        ? sql`select null::text as code_hash where false`
        : sql`update ${oneTimeCodes} c set attempts = c.attempts + 1
          where ${live(user.id, sql`<`)} and exists (select 1 from hit)
            and (${isCodeOf(sql`c.code_hash`, user.id, request)} or not exists (select 1 from ${oneTimeCodes} m
              where ${unused(sql`m`, user.id)} and ${isCodeOf(sql`m.code_hash`, user.id, request)}))
          returning c.code_hash`;
    // its hit and try lock the attempts row, then the code; a concurrent request's statement locks
    // the code, then the attempts row (`release`): one of the two may lose a deadlock
    const [found] = await againOnDeadlock(() =>
      queryRows<Found>(
        db,
        sql`with idem as (select ${key ? key.lookup : sql`null::jsonb`} as v),
        destination as (select ${toActiveDestination(config, user.id, request)} as ok),
        hold as (${holds.activeSql(user.id)}),
        hit as (${failures}),
        tries as (${tries})
      select (select v from idem) as idem, (select ok from destination) as destination_ok,
        (select cause from hold) as hold_cause, (select ends_at from hold) as hold_ends,
        exists (select 1 from hit) as reserved,
        exists (select 1 from tries where ${isCodeOf(sql`code_hash`, user.id, request)}) as code_ok,
        ${accountIdOf(user.id, 'available')} as available, ${accountIdOf(user.id, 'held')} as held`,
      ),
    );
    return found!;
  }

  /**
   * Round trip 2: the statement that decides and records, alone or (`uow`, the authenticator's
   * transaction) inside a unit of work. Alone, it uses up what confirms the request: the e-mailed
   * code, or with `passkeySession` that session's passkey confirmation of the last 5 minutes
   * (auth/passkeys.ts `markReverified`). Answers the row it inserted.
   */
  async function statement(
    user: UserRow,
    request: WithdrawalInput,
    found: Found,
    key: StatementKey<WithdrawalRow> | null,
    uow?: UnitOfWork,
    passkeySession?: string,
    reruns = 0,
  ): Promise<WithdrawalRow> {
    const amount = request.input.amount;
    const row: WithdrawalRow = {
      id: randomUUID(),
      userId: user.id,
      method: request.method,
      amount,
      wallet: null,
      address: null,
      bankName: null,
      accountName: null,
      iban: null,
      accountNumber: null,
      routing: null,
      swift: null,
      ...withdrawalDetails(request),
      status: 'pending',
      reviewedBy: null,
      reviewedAt: null,
      decisionReason: null,
      payoutReference: null,
      deletedAt: null,
      createdAt: new Date(),
    };
    const stmt = new StatementOfWork();
    // both accounts in id order (the one lock order), before the posting's trigger locks them
    const locked = stmt.with(
      stmt.name('accounts'),
      sql`select id, kind, balance, xmin::text as version from ${ledgerAccounts}
        where user_id = ${user.id}::uuid and kind in ('available', 'held') order by id for update`,
      { materialized: true },
    );
    const balance = sql`coalesce((select balance from ${locked} where kind = 'available'), 0)`;
    const covered = sql`${balance} >= ${amount.toString()}::bigint`;
    // the identity gate and the level's caps (limits/levels.ts), decided only on fresh accounts
    const limit = withdrawalLimitParts(stmt, user.id, amount, locked);
    // a hold that started after the read (a password reset committed in between) refuses here
    const hold = stmt.with(stmt.name('hold'), holds.activeSql(user.id));
    const unheld = sql`not exists (select 1 from ${hold})`;
    const allowed = sql`${unheld} and ${covered} and ${limit.identity} and ${limit.within} and ${limit.fresh}`;
    let decided = allowed;
    if (passkeySession) {
      const since = new Date(Date.now() - REVERIFY_TTL_MS).toISOString();
      const used = stmt.with(
        stmt.name('passkey'),
        sql`delete from ${sessionReverifications} where session_id = ${passkeySession}::uuid
          and verified_at > ${since}::timestamptz and ${allowed} returning session_id`,
      );
      decided = sql`exists (select 1 from ${used})`;
    } else if (!uow) {
      const code = stmt.with(
        stmt.name('code'),
        sql`update ${oneTimeCodes} c set consumed_at = now() where ${liveCode(user.id, request)} and ${allowed}
          returning c.id`,
      );
      decided = sql`exists (select 1 from ${code})`;
    }
    const go = key ? key.claim(stmt, decided, row) : decided;
    const w = withdrawals;
    stmt.with(
      stmt.name('withdrawal'),
      sql`insert into ${w} (id, user_id, method, amount, wallet, address, bank_name, account_name,
          iban, account_number, routing, swift, created_at)
        select ${row.id}::uuid, ${row.userId}::uuid, ${row.method}::text, ${amount.toString()}::bigint,
          ${row.wallet}::text, ${row.address}::text, ${row.bankName}::text, ${row.accountName}::text,
          ${row.iban}::text, ${row.accountNumber}::text, ${row.routing}::text, ${row.swift}::text,
          ${row.createdAt.toISOString()}::timestamptz
        where ${go}`,
    );
    postInStatement(
      stmt,
      [
        {
          gate: go,
          type: 'withdrawal_hold',
          userId: user.id,
          withdrawalId: row.id,
          actorId: user.id,
          memo: `Withdrawal requested: ${destination(row)}`,
          lines: [
            { account: client(user.id, 'available'), amount: -amount },
            { account: client(user.id, 'held'), amount },
          ],
        },
      ],
      new Map([
        [refKey(client(user.id, 'available')), found.available],
        [refKey(client(user.id, 'held')), found.held],
      ]),
    );
    eventInStatement(
      stmt,
      {
        type: 'withdrawal.requested',
        data: { withdrawalId: row.id, clientId: user.id, amountUsd: usdDecimal(amount), method: row.method },
      },
      go,
    );
    // a right code gives back the attempt the read reserved
    stmt.with(
      stmt.name('release'),
      sql`update ${rateLimitHits} set hits = greatest(hits - 1, 0)
        where key = ${failureKey(user.id)} and reset_at > now() and ${limit.fresh} returning key`,
    );
    stmt.output('hold_cause', sql`(select cause from ${hold})`);
    stmt.output('hold_ends', sql`(select ends_at from ${hold})`);
    stmt.output('covered', covered);
    stmt.output('identity', limit.identity);
    stmt.output('within', limit.within);
    stmt.output('fresh', limit.fresh);
    stmt.output('limits', limit.stateOutput);
    stmt.output('decided', decided);
    stmt.output('posted', go);
    // alone it commits on its own, so a deadlock's victim (see `read`) is sent again; inside the
    // authenticator's transaction the transaction is lost with it (a 500, retried by the client)
    const out = uow ? await stmt.run(uow.tx, log, uow) : await againOnDeadlock(() => stmt.run(db, log));
    // the one place a request that does not fit is refused; a duplicate of this key that won
    // answers 409 here (the route replays it); a code used by a request that won the race is
    // a 400, not counted as a wrong try (it matched when read)
    if (out.posted === true) return row;
    if (out.hold_cause && out.hold_ends)
      throw heldError(String(out.hold_cause), out.hold_ends as Date | string);
    if (out.identity !== true) throw identityRequired();
    if (out.covered !== true) throw insufficientBalance();
    if (out.within !== true) {
      const state = limitState(out.limits);
      throw overLimit('withdrawal', state, windowPassed(state, amount) ?? 'day');
    }
    // another request committed between this statement's snapshot and its lock: once more, in a
    // snapshot that sees it (limits/levels.ts `withdrawalLimitParts`)
    if (out.fresh !== true) {
      if (reruns < MAX_STALE_RERUNS)
        return statement(user, request, found, key, uow, passkeySession, reruns + 1);
      throw new AppError('service_unavailable');
    }
    if (out.decided === true) throw new AppError('idempotency_key_reused');
    // no passkey confirmation of this session in the last 5 minutes (or it was used up)
    if (passkeySession) throw new AppError('passkey_confirmation_required');
    throw new AppError('invalid_confirmation_code');
  }

  /** The statement inside the transaction that accepts the authenticator's code `token`. */
  const withTotp = (
    user: UserRow,
    request: WithdrawalInput,
    found: Found,
    key: StatementKey<WithdrawalRow> | null,
  ) =>
    inTransaction(db, log, async (uow) => {
      if (!(await twoFactor.acceptCode(uow.tx, user.id, request.input.token ?? '', { totpOnly: true })))
        throw new AppError('invalid_confirmation_code');
      return statement(user, request, found, key, uow);
    });

  return {
    /**
     * `requestWithdrawal` (service.ts): one read and one statement; confirmed by the e-mailed code,
     * or for a user with two-factor authentication by their authenticator's code (the statement
     * then runs in the transaction that accepts it), or by either with `confirmation: 'passkey'`
     * and no code: a passkey confirmation of `sessionId` in the last 5 minutes, used up by the
     * statement (docs/security.md "Passkeys"). `key` is the route's Idempotency-Key (null
     * without one). Answers the new row (`amount` in cents). Throws AppError 429 after 10 wrong
     * codes in 24 hours; 400 "Invalid or expired confirmation code" (a wrong code, or a code
     * e-mailed for other fields, is counted); 403 `passkey_confirmation_required` by passkey without a
     * fresh confirmation (nothing counted); 422 `identity_not_verified` without an approved
     * identity; 422 "Insufficient balance"; 422 `withdrawal_limit_exceeded` over a cap of the
     * client's level (the message names it and how to raise it); 422
     * `beneficiary_not_active` with BENEFICIARY_REQUIRED when the destination is not an active one
     * of the client's address book (nothing counted); 422 `withdrawals_on_hold` during a hold after
     * a security change (docs/security.md "Holds after security changes"; nothing counted); 409 or
     * the stored answer's replay from `key`.
     */
    async request(
      user: UserRow,
      request: WithdrawalInput,
      key: StatementKey<WithdrawalRow> | null,
      sessionId?: string,
    ): Promise<WithdrawalRow> {
      const byPasskey = request.input.confirmation === 'passkey';
      // the authenticator's transaction accepts its code, unless a passkey confirms instead
      const byTotp = user.twoFactorEnabled && !byPasskey;
      if (byPasskey && !sessionId) throw new AppError('passkey_confirmation_required');
      for (let attempt = 1; ; attempt++) {
        const found = await read(user, request, key);
        key?.check(found.idem);
        if (found.hold_cause && found.hold_ends) throw heldError(found.hold_cause, found.hold_ends);
        if (!found.destination_ok) throw new AppError('beneficiary_not_active');
        if (!found.reserved) throw new AppError('account_locked');
        // a wrong e-mailed code keeps the reserved attempt and the try it took of every live code
        if (!byTotp && !byPasskey && !found.code_ok) throw new AppError('invalid_confirmation_code');
        try {
          return await (byTotp
            ? withTotp(user, request, found, key)
            : statement(user, request, found, key, undefined, byPasskey ? sessionId : undefined));
        } catch (err) {
          // a statement that ran alone gave the attempt back itself; one in the authenticator's
          // transaction was rolled back with it: given back here unless the code was wrong (400)
          const kept = byTotp ? err instanceof AppError && err.statusCode === 400 : err instanceof AppError;
          if (!kept) await throttle.releaseCode('withdrawal', user.id);
          // the held account was created by another request meanwhile: once more finds it
          if (attempt === 1 && isAccountRace(err)) continue;
          throw err;
        }
      }
    },
  };
}
