/**
 * Signed statements: the figures equal the ledger (recomputed here from journal_lines, not by the
 * code under test), the PDF shows the closing balance, its signature verifies with the published
 * key (checked with @noble/curves here), one changed byte anywhere fails the verify route, a
 * client gets only their own statement, and month and range validation.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_MSG } from '@common/schemas/statements';
import { queryRows } from '../../db/client';
import { useTestContext } from '../../test/context';
import { postDated } from '../../test/postings';
import { approveIdentity, createClient, submitWithdrawal, type TestUser } from '../../test/factories';
import { readStatementData } from './statement-data';
import { createStatementService } from './statement-service';
import { signingKeyFor } from './signing-key';
import { postRaw } from '../../test/raw-post';
import { pdfText } from '../../test/pdf-text';

const { t, admin, inject, db } = useTestContext();

/** Posts an admin transaction dated `date` for `c` (below the four-eyes threshold). */
const add = (c: TestUser, type: string, amount: number, date: string, details: string) =>
  postDated(inject, admin, c, type, amount, date, details);

/** The client's ledger over [from, to] (inclusive UTC days), straight from journal_lines (cents). */
async function ledgerFigures(userId: string, from: string, to: string) {
  const [totals] = await queryRows<{ opening: string; closing: string }>(
    db(),
    sql`select coalesce(sum(l.amount) filter (where e.effective_at < ${from}::date), 0)::text as opening,
               coalesce(sum(l.amount) filter (where e.effective_at < ${to}::date + 1), 0)::text as closing
          from journal_lines l join ledger_accounts a on a.id = l.account_id and a.user_id = ${userId}
          join journal_entries e on e.id = l.entry_id`,
  );
  const lines = await queryRows<{ id: string; amount: string }>(
    db(),
    sql`select e.id, sum(l.amount)::text as amount
          from journal_lines l join ledger_accounts a on a.id = l.account_id and a.user_id = ${userId}
          join journal_entries e on e.id = l.entry_id
         where e.effective_at >= ${from}::date and e.effective_at < ${to}::date + 1
         group by e.id having sum(l.amount) <> 0
         order by min(e.effective_at), min(e.created_at), e.id`,
  );
  return {
    opening: BigInt(totals!.opening),
    closing: BigInt(totals!.closing),
    lines: lines.map((l) => ({ entryId: l.id, amount: BigInt(l.amount) })),
  };
}

const statement = (c: TestUser, query: string) =>
  inject('GET', `/api/transparency/statement?${query}`, c.headers);
const verify = (file: Buffer) =>
  postRaw(t.app, '/api/transparency/verify-statement', 'application/pdf', file);

describe('signed statements', () => {
  let c: TestUser;
  beforeAll(async () => {
    c = await createClient(t.app);
    await add(c, 'deposit', 500, '2026-09-15T10:00:00Z', 'Opening deposit');
    await add(c, 'profit', 20.5, '2026-10-03T08:00:00Z', 'Plan profit for September');
    await add(c, 'bonus', 5, '2026-10-20T12:00:00Z', 'Loyalty bonus');
    await add(c, 'withdrawal', 100, '2026-10-25T09:30:00Z', 'Paid by bank');
    await add(c, 'deposit', 50, '2026-11-02T09:30:00Z', 'Later deposit');
  });

  it("a month's figures equal the ledger: opening, every line with its running balance, closing", async () => {
    const svc = createStatementService({ db: db(), config: t.app.ctx.config });
    const { data } = await svc.issue(c.id, { from: '2026-10-01', to: '2026-10-31' });
    const ledger = await ledgerFigures(c.id, '2026-10-01', '2026-10-31');
    expect(data.openingBalance).toBe(ledger.opening);
    expect(data.closingBalance).toBe(ledger.closing);
    expect(data.lines.map((l) => ({ entryId: l.entryId, amount: l.amount }))).toEqual(ledger.lines);
    expect(data.openingBalance).toBe(500_00n);
    expect(data.closingBalance).toBe(425_50n);
    expect(data.lines.map((l) => l.balance)).toEqual([520_50n, 525_50n, 425_50n]);
    expect(data.lines.map((l) => l.description)).toEqual([
      'Profit · Plan profit for September',
      'Bonus · Loyalty bonus',
      'Withdrawal · Paid by bank',
    ]);
    // the same statement draws the same bytes (and so the same signature)
    const at = new Date('2026-11-01T00:00:00Z');
    const [a, b] = await Promise.all([
      svc.issue(c.id, { from: '2026-10-01', to: '2026-10-31' }, at),
      svc.issue(c.id, { from: '2026-10-01', to: '2026-10-31' }, at),
    ]);
    expect(a.file.equals(b.file)).toBe(true);
  });

  it('the closing balance up to today equals the cached balances; a held withdrawal moves nothing', async () => {
    await approveIdentity(db(), c.id);
    await submitWithdrawal(t.app, c, 10);
    const today = new Date().toISOString().slice(0, 10);
    const svc = createStatementService({ db: db(), config: t.app.ctx.config });
    const { data } = await svc.issue(c.id, { from: '2026-11-01', to: today });
    expect(data.lines.map((l) => l.description)).toEqual(['Deposit · Later deposit']);
    expect(data.closing).toEqual({ available: 465_50n, held: 10_00n, invested: 0n });
    const [cached] = await queryRows<{ total: string }>(
      db(),
      sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts where user_id = ${c.id}`,
    );
    expect(data.closingBalance).toBe(BigInt(cached!.total));
    expect(data.closingBalance).toBe(data.lines.at(-1)!.balance);
  });

  it('GET /statement answers a signed PDF whose signature verifies with the published key', async () => {
    const res = await statement(c, 'month=2026-10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statement-2026-10-01-to-2026-10-31.pdf"',
    );
    const file = res.rawPayload;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file);
    expect(text).toContain('Closing balance on 31 Oct 2026: $425.50');
    expect(text).toContain('Period: 1 Oct 2026 to 31 Oct 2026 (UTC days, inclusive)');
    expect(text).toContain('Opening balance: $500.00');
    expect(text).toContain('Withdrawal · Paid by bank');
    // the last line: %NW-Signature-v2: <base64> key=<fingerprint>, over the statement context and
    // every byte before it
    const body = file.toString('latin1');
    const cut = body.lastIndexOf('\n', body.length - 2) + 1;
    const m = /^%NW-Signature-v2: (\S+) key=([0-9a-f]{64})\n$/.exec(body.slice(cut));
    expect(m).not.toBeNull();
    expect(body.slice(cut - 6, cut)).toBe('%%EOF\n');
    const key = signingKeyFor(t.app.ctx.config);
    expect(m![2]).toBe(key.fingerprint);
    // printed for a reader too, the fingerprint /transparency shows as pinned in the site's code
    expect(text.replace(/\s+/g, ' ')).toContain(`our key of fingerprint ${key.fingerprint}.`);
    const pub = Buffer.from(key.publicKey, 'hex');
    const context = Buffer.from('broker-transparency-statement-v2\n');
    const sig = Buffer.from(m![1]!, 'base64');
    expect(ed25519.verify(sig, Buffer.concat([context, file.subarray(0, cut)]), pub)).toBe(true);
    expect(ed25519.verify(sig, Buffer.concat([context, file.subarray(0, cut - 1)]), pub)).toBe(false);
    // without the context it is no signature at all: it cannot pass as any other kind of message
    expect(ed25519.verify(sig, file.subarray(0, cut), pub)).toBe(false);
  });

  it('the verify route says authentic for the file as issued, and not for one changed byte anywhere', async () => {
    const file = (await statement(c, 'from=2026-10-01&to=2026-10-31')).rawPayload;
    const ok = await verify(file);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      authentic: true,
      reason: STATEMENT_MSG.authentic,
      client: `T*** ${c.row.lastName[0]}***`,
      from: '2026-10-01',
      to: '2026-10-31',
      closingBalance: 425.5,
      treeHead: null,
    });
    const sigAt = file.lastIndexOf('%NW-Signature-v2: ') + 23;
    for (const at of [9, Math.floor(file.length / 2), file.lastIndexOf('%%EOF') - 3, sigAt]) {
      const changed = Buffer.from(file);
      changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
      const res = await verify(changed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ authentic: false, reason: STATEMENT_MSG.altered });
    }
    const cut = await verify(file.subarray(0, file.lastIndexOf('%NW-Signature')));
    expect(cut.json()).toMatchObject({ authentic: false, reason: STATEMENT_MSG.unsigned });
  });

  it('a client gets only their own statement: the route takes no user id', async () => {
    const other = await createClient(t.app);
    const res = await statement(other, `month=2026-10&userId=${c.id}`);
    expect(res.statusCode).toBe(200);
    const answer = (await verify(res.rawPayload)).json();
    expect(answer).toMatchObject({
      authentic: true,
      closingBalance: 0,
      client: `T*** ${other.row.lastName[0]}***`,
    });
    expect(pdfText(res.rawPayload)).toContain('No movements in this period.');
    expect((await inject('GET', '/api/transparency/statement?month=2026-10')).statusCode).toBe(401);
  });

  it('bad months and ranges answer 400 with a message, a range after today 422', async () => {
    const cases: Array<[string, string]> = [
      ['month=2026-13', STATEMENT_MSG.invalidMonth],
      ['month=26-10', STATEMENT_MSG.invalidMonth],
      ['', STATEMENT_MSG.monthOrRange],
      ['from=2026-10-01', STATEMENT_MSG.monthOrRange],
      ['month=2026-10&from=2026-10-01&to=2026-10-02', STATEMENT_MSG.notBoth],
      ['from=2026-10-05&to=2026-10-01', 'The start date must be on or before the end date'],
      ['from=2026-02-30&to=2026-03-01', 'from must be a date written YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const res = await statement(c, query);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
    const res = await statement(c, 'month=2999-01');
    expect([res.statusCode, res.json().message]).toEqual([422, STATEMENT_MSG.futureRange]);
  });

  it('the verify route refuses a body that is not a file', async () => {
    const json = await inject('POST', '/api/transparency/verify-statement', {}, { file: 'x' });
    expect([json.statusCode, json.json().message]).toEqual([400, STATEMENT_MSG.noFile]);
    for (const [type, status] of [
      ['text/plain', 400],
      ['multipart/form-data; boundary=x', 415],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transparency/verify-statement',
        headers: { 'content-type': type },
        payload: 'hello',
      });
      expect([type, res.statusCode, res.json().message]).toEqual([type, status, STATEMENT_MSG.noFile]);
    }
    const big = await verify(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    expect([big.statusCode, big.json().message]).toEqual([413, STATEMENT_MSG.tooLarge]);
  });

  it('a range with more lines than the cap is refused; lines past the tree head are marked unsealed', async () => {
    // September and October's lines, none below the tree head (sealedBelow 0)
    const read = (maxLines: number) =>
      readStatementData(db(), c.id, { from: '2026-09-01', to: '2026-10-31' }, { maxLines, sealedBelow: 0 });
    const capped = await read(3);
    expect(capped.truncated).toBe(true);
    expect(capped.lines).toHaveLength(3);
    const all = await read(10);
    expect(all.truncated).toBe(false);
    expect(all.lines.every((l) => !l.sealed)).toBe(true);
    expect(all.unsealed).toBe(4);
  });

  it('names the latest signed tree head and says which entries it does not cover yet', async () => {
    // a head over the first two of the client's entries (the seal's own tests check real heads)
    const entries = await queryRows<{ id: string }>(
      db(),
      sql`select id from journal_entries where user_id = ${c.id} order by effective_at limit 2`,
    );
    const hash = (n: number) => n.toString(16).padStart(64, '0');
    for (const [i, e] of entries.entries())
      await db().execute(
        sql`insert into transparency_leaves (leaf_index, entry_id, leaf_hash) values (${i}, ${e.id}, ${hash(i + 1)})`,
      );
    await db().execute(
      sql`insert into transparency_tree_heads (size, root_hash, timestamp_ms, signature, public_key, key_fingerprint, scan_from)
          values (2, ${hash(99)}, ${Date.parse('2026-11-01T00:00:00Z')}, ${'0'.repeat(128)}, ${hash(7)}, ${hash(8)}, now())`,
    );
    const res = await statement(c, 'month=2026-10');
    const treeHead = { size: 2, rootHash: hash(99), timestamp: '2026-11-01T00:00:00.000Z' };
    expect((await verify(res.rawPayload)).json()).toMatchObject({ authentic: true, treeHead });
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Size 2, signed at 1 Nov 2026, 00:00 UTC');
    expect(text).toContain(`Root hash ${hash(99)}`);
    // the profit is sealed; the bonus and the withdrawal are not, and are marked
    expect(text).toContain('2 entries behind this statement are not sealed yet');
    expect(text).toMatch(/Profit · Plan profit for September\n/);
    expect(text).toContain('Bonus · Loyalty bonus *');
    expect(text).toContain('Withdrawal · Paid by bank *');
  });
});
