/**
 * Property test of the money services (no HTTP): random sequences of deposits, approvals,
 * rejections, withdrawals, reviews, admin transactions, voids, and investment plans with their
 * results (gains and losses) and completion. After every step the ledger's invariants hold and
 * every client's available, held and invested balances equal a simple model of the rules.
 */
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_PLANS } from '@common/constants';
import type { AdminTransactionType } from '@common/schemas/transactions';
import { MONEY_DEFAULTS } from '../../config';
import {
  journalEntries,
  ledgerAccounts,
  plans as planTable,
  transactionHistory,
  verificationLevels,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createTestContext, type TestContext } from '../../test/app';
import { DEPOSIT_CAPS, percentOf } from '../deposits/service';
import { withdrawalScope, type WithdrawalInput } from '../withdrawals/request';
import {
  addDestinationOf,
  approveIdentity,
  createAdmin,
  createTestUser,
  imageDataUrl,
  ledgerViolations,
} from '../../test/factories';

let t: TestContext;
let png: string;
beforeAll(async () => {
  t = await createTestContext();
  t.app.ctx.mailer.send = async () => undefined; // notices still get their rows; e-mail is not under test here
  png = await imageDataUrl();
});
afterAll(async () => t?.close());

const CLIENTS = 3;
const RUNS = 25;
const STEPS = 80; // RUNS × STEPS = 2,000 operations

type Op =
  | { kind: 'deposit'; who: number; cents: number }
  | {
      kind: 'approveDeposit' | 'rejectDeposit' | 'approveWithdrawal' | 'rejectWithdrawal' | 'void';
      pick: number;
    }
  | { kind: 'withdraw'; who: number; cents: number; bank: boolean }
  | { kind: 'adjust'; who: number; cents: number; type: AdminTransactionType }
  | { kind: 'openPlan' | 'completePlan'; who: number; cents: number }
  | { kind: 'planResult'; who: number; cents: number; loss: boolean };

const who = fc.integer({ min: 0, max: CLIENTS - 1 });
const cents = fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 400_000, max: 800_000 }));
const pick = fc.nat();
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('deposit' as const), who, cents }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('approveDeposit' as const), pick }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('rejectDeposit' as const), pick }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), who, cents, bank: fc.boolean() }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('approveWithdrawal' as const), pick }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('rejectWithdrawal' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('void' as const), pick }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('openPlan' as const, 'completePlan' as const),
      who,
      cents: fc.integer({ min: 20_000, max: 150_000 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('planResult' as const), who, cents, loss: fc.boolean() }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      who,
      cents,
      type: fc.constantFrom<AdminTransactionType>('deposit', 'withdrawal', 'profit', 'bonus'),
    }),
    weight: 2,
  },
);

/** Expects `p` to fail with an AppError of `status`; answers whether it did so. */
async function refused(p: Promise<unknown>, status: number): Promise<boolean> {
  try {
    await p;
    return false;
  } catch (e) {
    if (!(e instanceof AppError) || e.statusCode !== status) throw e;
    return true;
  }
}

it(`keeps the ledger consistent over ${RUNS * STEPS} random operations`, { timeout: 600_000 }, async () => {
  const { deposits, withdrawals, transactions, codes, plans, profitPosting } = t.app.ctx.services;
  const db = t.database.db;
  const admin = { id: (await createAdmin(t.app)).id, ip: '127.0.0.1' }; // the AuditActor of the admin's reviews
  const { minDeposit, bonus } = MONEY_DEFAULTS.depositBonus;

  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { minLength: STEPS, maxLength: STEPS }),
      fc.constantFrom(...ACCOUNT_PLANS),
      async (ops, plan) => {
        // client 2 is referred by client 0
        const c0 = (await createTestUser(t.app, { plan })).row;
        const people = [
          c0,
          (await createTestUser(t.app)).row,
          (await createTestUser(t.app, { referredBy: c0.id })).row,
        ];
        // the withdrawals below go to these two destinations, active in each address book, of
        // clients whose identity is approved, under caps of their level no run reaches (the caps
        // have their own tests: limits/withdrawal-caps.test.ts)
        const uncapped = 10n ** 12n;
        await db
          .update(verificationLevels)
          .set({
            depositDay: uncapped,
            depositMonth: uncapped,
            withdrawalDay: uncapped,
            withdrawalMonth: uncapped,
          })
          .where(gt(verificationLevels.level, 0));
        for (const p of people) {
          await approveIdentity(db, p.id);
          await addDestinationOf(db, p.id, { wallet: 'usdt', address: 'T'.repeat(34) });
          const bank = { accountNumber: '1234', routing: '123', swift: 'DEUTDEFF' };
          await addDestinationOf(db, p.id, bank, 'bank');
        }
        const available = people.map(() => 0n);
        const held = people.map(() => 0n);
        const invested = people.map(() => 0n);
        const hasPlan = people.map(() => false);
        const bonusGiven = people.map(() => false);
        const pendingDeposits: Array<{ id: string; who: number; amount: bigint }> = [];
        /** What an approved deposit granted with it (bonus, referral bonus), by deposit id; void drops them too. */
        const grants = new Map<
          string,
          Array<{ entryId: string; who: number; amount: bigint; voided: boolean }>
        >();
        const pendingWithdrawals: Array<{
          id: string;
          who: number;
          amount: bigint;
          method: 'crypto' | 'bank';
        }> = [];
        const ids = people.map((p) => p.id);
        const submitted = people.map(() => 0);
        const idx = (id: string) => ids.indexOf(id);
        const take = <T>(list: T[], n: number): T | undefined =>
          list.length ? list.splice(n % list.length, 1)[0] : undefined;

        for (const o of ops) {
          switch (o.kind) {
            case 'deposit': {
              const submit = () =>
                deposits.submitDeposit(people[o.who]!, {
                  amount: BigInt(o.cents),
                  image: png,
                  wallet: 'bitcoin',
                });
              // the caps of DEPOSIT_CAPS: 10 submissions an hour (the whole run is within one), 5 pending
              const pending = pendingDeposits.filter((p) => p.who === o.who).length;
              if (submitted[o.who]! >= DEPOSIT_CAPS.perHour) {
                await expect(submit()).rejects.toMatchObject({ statusCode: 429 });
                break;
              }
              if (pending >= DEPOSIT_CAPS.pending) {
                await expect(submit()).rejects.toMatchObject({ statusCode: 422 });
                break;
              }
              const d = await submit();
              submitted[o.who]! += 1;
              pendingDeposits.push({ id: d.id, who: o.who, amount: d.amount });
              break;
            }
            case 'approveDeposit': {
              const d = take(pendingDeposits, o.pick);
              if (!d) break;
              await deposits.approveDeposit(admin, d.id);
              available[d.who]! += d.amount;
              const expected: Array<{ who: number; amount: bigint; type: string }> = [];
              if (d.amount >= minDeposit && !bonusGiven[d.who]) {
                bonusGiven[d.who] = true;
                expected.push({ who: d.who, amount: bonus, type: 'bonus' });
              }
              const reward = d.who === 2 ? percentOf(d.amount, MONEY_DEFAULTS.referralRates[plan]) : 0n;
              if (reward > 0n) expected.push({ who: 0, amount: reward, type: 'referral_bonus' });
              // the entries the approval posted beside the deposit entry (same transaction, same created_at)
              const posted = await db
                .select({ id: journalEntries.id, type: journalEntries.type, userId: journalEntries.userId })
                .from(journalEntries)
                .where(
                  and(
                    inArray(journalEntries.type, ['bonus', 'referral_bonus']),
                    sql`${journalEntries.createdAt} = (select created_at from journal_entries where deposit_id = ${d.id} and type = 'deposit')`,
                  ),
                );
              expect(posted.map((e) => [e.type, idx(e.userId)]).sort()).toEqual(
                expected.map((g) => [g.type, g.who]).sort(),
              );
              grants.set(
                d.id,
                expected.map((g) => ({
                  entryId: posted.find((e) => e.type === g.type)!.id,
                  who: g.who,
                  amount: g.amount,
                  voided: false,
                })),
              );
              for (const g of expected) available[g.who]! += g.amount;
              break;
            }
            case 'rejectDeposit': {
              const d = take(pendingDeposits, o.pick);
              if (d) await deposits.rejectDeposit(admin, d.id, 'property test');
              break;
            }
            case 'withdraw': {
              const amount = BigInt(o.cents);
              const user = people[o.who]!;
              const target = o.bank
                ? ({
                    method: 'bank',
                    input: {
                      amount,
                      bankName: 'B',
                      accountName: 'A',
                      accountNumber: '1234',
                      routing: '123',
                      swift: 'DEUTDEFF',
                    },
                  } as const)
                : ({
                    method: 'crypto',
                    input: { amount, wallet: 'usdt', address: 'T'.repeat(34) },
                  } as const);
              const token = await codes.issue(db, user.id, 'withdrawal', withdrawalScope(target));
              const request = { ...target, input: { ...target.input, token } } as WithdrawalInput;
              if (amount > available[o.who]!) {
                expect(await refused(withdrawals.requestWithdrawal(user, request), 422)).toBe(true);
                break;
              }
              const w = await withdrawals.requestWithdrawal(user, request);
              available[o.who]! -= amount;
              held[o.who]! += amount;
              pendingWithdrawals.push({ id: w.id, who: o.who, amount, method: request.method });
              break;
            }
            case 'approveWithdrawal':
            case 'rejectWithdrawal': {
              const w = take(pendingWithdrawals, o.pick);
              if (!w) break;
              if (o.kind === 'approveWithdrawal') {
                await withdrawals.approveWithdrawal(admin, w.method, w.id);
              } else {
                await withdrawals.rejectWithdrawal(admin, w.method, w.id, 'property test');
                available[w.who]! += w.amount;
              }
              held[w.who]! -= w.amount;
              break;
            }
            case 'adjust': {
              const amount = BigInt(o.cents);
              const input = {
                amount,
                transactionType: o.type,
                details: 'property test',
                status: 'approved' as const,
              };
              if (o.type === 'withdrawal' && amount > available[o.who]!) {
                expect(await refused(transactions.addTransaction(admin, people[o.who]!.id, input), 422)).toBe(
                  true,
                );
                break;
              }
              await transactions.addTransaction(admin, people[o.who]!.id, input);
              available[o.who]! += o.type === 'withdrawal' ? -amount : amount;
              break;
            }
            case 'openPlan': {
              const amount = BigInt(o.cents);
              const open = () =>
                plans.openPlan(people[o.who]!.id, { amount, duration: 7, plan: 'copy_trading' });
              if (hasPlan[o.who]) {
                expect(await refused(open(), 409)).toBe(true);
              } else if (amount > available[o.who]!) {
                expect(await refused(open(), 422)).toBe(true);
              } else {
                await open();
                hasPlan[o.who] = true;
                available[o.who]! -= amount;
                invested[o.who]! += amount;
              }
              break;
            }
            case 'planResult': {
              const result = o.loss ? -BigInt(o.cents) : BigInt(o.cents);
              const post = () =>
                profitPosting.addProfit(admin, people[o.who]!.id, {
                  profit: result,
                  date: new Date(),
                  reason: 'property test',
                });
              if (!hasPlan[o.who]) {
                expect(await refused(post(), 409)).toBe(true);
              } else if (o.loss && -result > invested[o.who]!) {
                expect(await refused(post(), 409)).toBe(true);
              } else {
                await post();
                if (o.loss) invested[o.who]! += result;
                else available[o.who]! += result;
              }
              break;
            }
            case 'completePlan': {
              if (!hasPlan[o.who]) break;
              await db
                .update(planTable)
                .set({ endDate: sql`now() - interval '1 minute'` })
                .where(and(eq(planTable.userId, people[o.who]!.id), eq(planTable.status, 'active')));
              await plans.completeDuePlans();
              hasPlan[o.who] = false;
              available[o.who]! += invested[o.who]!;
              invested[o.who] = 0n;
              break;
            }
            case 'void': {
              const lines = await db
                .select()
                .from(transactionHistory)
                .where(
                  and(
                    inArray(transactionHistory.userId, ids),
                    eq(transactionHistory.status, 'approved'),
                    eq(transactionHistory.voided, false),
                    ne(transactionHistory.source, 'withdrawal'),
                    ne(transactionHistory.type, 'reversal'),
                  ),
                )
                .orderBy(transactionHistory.id);
              const line = lines[o.pick % Math.max(lines.length, 1)];
              if (!line) break;
              // a plan's opening and closing and a plan loss are never voided (the plan and the
              // loss's activity change them); a plan gain is voided like any credit
              const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.id, line.id));
              const loss = entry?.tradingActivityId && line.direction === 'debit';
              if (entry && (['plan_open', 'plan_close'].includes(entry.type) || loss)) {
                expect(
                  await refused(transactions.voidTransaction(admin, line.id, 'property test'), 409),
                ).toBe(true);
                break;
              }
              const after = [...available];
              after[idx(line.userId)]! += line.direction === 'credit' ? -line.amount : line.amount;
              // voiding a deposit also voids what its approval granted and is not voided yet
              const alsoVoided =
                line.source === 'deposit' ? (grants.get(line.id) ?? []).filter((g) => !g.voided) : [];
              for (const g of alsoVoided) after[g.who]! -= g.amount;
              if (after.some((a) => a < 0n)) {
                expect(
                  await refused(transactions.voidTransaction(admin, line.id, 'property test'), 422),
                ).toBe(true);
                break;
              }
              await transactions.voidTransaction(admin, line.id, 'property test');
              after.forEach((a, i) => (available[i] = a));
              for (const g of alsoVoided) g.voided = true;
              for (const list of grants.values())
                for (const g of list) if (g.entryId === line.id) g.voided = true;
              break;
            }
          }
          const [violations, accounts] = await Promise.all([
            ledgerViolations(db),
            db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.userId, ids)),
          ]);
          expect(violations, JSON.stringify(o)).toEqual([]);
          const balanceOf = (userId: string, kind: string) =>
            accounts.find((a) => a.userId === userId && a.kind === kind)?.balance ?? 0n;
          for (const [i, p] of people.entries()) {
            expect(balanceOf(p.id, 'available'), `available of client ${i} after ${o.kind}`).toBe(
              available[i],
            );
            expect(balanceOf(p.id, 'held'), `held of client ${i} after ${o.kind}`).toBe(held[i]);
            expect(balanceOf(p.id, 'invested'), `invested of client ${i} after ${o.kind}`).toBe(invested[i]);
          }
        }
      },
    ),
    // FC_SEED replays a failing run (fast-check prints its seed)
    { numRuns: RUNS, endOnFailure: true, ...(process.env.FC_SEED && { seed: Number(process.env.FC_SEED) }) },
  );
});
