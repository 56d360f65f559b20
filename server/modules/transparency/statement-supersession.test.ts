/**
 * Statements that stay true (docs/transparency.md "Signed statements"): a client downloads October's
 * statement, staff post an entry dated in October after it; the next seal marks the statement
 * superseded with the entry as its reason, records the corrected one, tells the client (a
 * notification and an e-mail through the real SMTP receiver); the corrected download shows the new
 * line and the old file verifies as authentic but superseded, naming the corrected one. Entries dated
 * after a statement's range, or posted before it was issued, supersede nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  STATEMENT_MSG,
  type IssuedStatementsAnswer,
  type VerifyStatementAnswer,
} from '@common/schemas/statements';
import { notifications } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { postDated } from '../../test/postings';
import { createClient, type TestUser } from '../../test/factories';
import { signingKeyFor } from './signing-key';
import { sealAndSupersede } from './statement-supersession';
import { postRaw } from '../../test/raw-post';

const { t, admin, inject, db } = useTestContext();

/** Posts an admin transaction dated `date` for `c` (below the four-eyes threshold). */
const add = (c: TestUser, type: string, amount: number, date: string, details: string) =>
  postDated(inject, admin, c, type, amount, date, details);

/** One pass of the seal job, as server/jobs.ts runs it. */
const seal = () =>
  sealAndSupersede(db(), signingKeyFor(t.app.ctx.config), {
    notifications: t.app.ctx.services.notifications,
    publicUrl: t.app.ctx.config.publicUrl,
    log: t.app.log,
  });

/** October 2026's statement of `c`, as downloaded. */
async function october(c: TestUser): Promise<Buffer> {
  const res = await inject('GET', '/api/transparency/statement?month=2026-10', c.headers);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const issued = async (c: TestUser) =>
  ((await inject('GET', '/api/transparency/statements', c.headers)).json() as IssuedStatementsAnswer)
    .statements;

const verify = async (file: Buffer) =>
  (
    await postRaw(t.app, '/api/transparency/verify-statement', 'application/pdf', file)
  ).json() as VerifyStatementAnswer;

describe('a back-dated entry supersedes the statements it makes untrue', () => {
  let c: TestUser;
  let first: Buffer;
  beforeAll(async () => {
    c = await createClient(t.app);
    await add(c, 'deposit', 500, '2026-10-03T10:00:00Z', 'Opening wire');
    await seal();
    first = await october(c);
    await seal();
  });

  it('before: the statement is issued, current, and verifies as authentic', async () => {
    const [only, ...rest] = await issued(c);
    expect(rest).toHaveLength(0);
    expect(only).toMatchObject({ from: '2026-10-01', to: '2026-10-31', downloaded: true, superseded: null });
    expect(await verify(first)).toMatchObject({
      authentic: true,
      reason: STATEMENT_MSG.authentic,
      superseded: null,
    });
  });

  it('staff post an October entry: superseded with its reason, the client notified and e-mailed', async () => {
    await add(c, 'deposit', 75, '2026-10-12T09:00:00Z', 'Late wire');
    expect((await issued(c))[0]!.superseded).toBeNull(); // not before the seal
    const pass = await seal();
    expect(pass.superseded).toBe(1);
    const list = await issued(c);
    const old = list.find((s) => s.downloaded)!;
    expect(old.superseded).toMatchObject({
      entry: { amount: 75, date: '2026-10-12T09:00:00.000Z', description: 'Deposit · Late wire' },
      correctedBy: { from: '2026-10-01', to: '2026-10-31', downloaded: false },
    });
    expect(old.superseded!.reason).toMatch(
      /^Deposit · Late wire, \+\$75\.00, dated 12 Oct 2026, was posted on \d{1,2} [A-Z][a-z]{2} \d{4}, after/,
    );
    const corrected = list.find((s) => s.id === old.superseded!.correctedBy.id)!;
    expect(corrected).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      downloaded: false,
      superseded: null,
    });

    const notices = await db().select().from(notifications).where(eq(notifications.userId, c.id));
    const notice = notices.find((n) => n.title === 'Statement superseded')!;
    expect(notice.message).toContain('statement for 1 Oct 2026 to 31 Oct 2026');
    expect(notice.message).toContain('Deposit · Late wire, +$75.00, dated 12 Oct 2026');
    expect(notice.message).toContain('/account/statements');
    // the entry itself was e-mailed when staff posted it ("Account credited"); this is the notice's
    const mail = await t.smtp.waitForMail(c.email, { subject: 'Statement superseded' });
    expect(mail.text).toContain('Deposit · Late wire, +$75.00, dated 12 Oct 2026');

    // a second pass supersedes nothing more and tells nobody twice
    expect((await seal()).superseded).toBe(0);
    const again = await db().select().from(notifications).where(eq(notifications.userId, c.id));
    expect(again.filter((n) => n.title === 'Statement superseded')).toHaveLength(1);
  });

  it('the corrected statement shows the new line; the old file verifies as superseded, naming it', async () => {
    const corrected = await october(c);
    const list = await issued(c);
    expect(list).toHaveLength(2); // the download filled the corrected record in
    const current = list.find((s) => s.superseded === null)!;
    expect(current.downloaded).toBe(true);
    expect(await verify(corrected)).toMatchObject({ authentic: true, closingBalance: 575, superseded: null });
    const check = await verify(first);
    expect(check).toMatchObject({
      authentic: true,
      reason: STATEMENT_MSG.superseded,
      closingBalance: 500,
      superseded: { correctedBy: { id: current.id, downloaded: true }, entry: { amount: 75 } },
    });
  });
});

describe('entries that change no issued statement supersede nothing', () => {
  it('an entry dated after every issued range, and one posted before the statement', async () => {
    const c = await createClient(t.app);
    await add(c, 'deposit', 200, '2026-10-05T10:00:00Z', 'Before the statement');
    await october(c); // the entry posted before it is in it, sealed or not
    await add(c, 'deposit', 40, '2026-11-05T10:00:00Z', 'November wire');
    await add(c, 'profit', 3, new Date().toISOString(), 'Today');
    const pass = await seal();
    expect(pass.appended).toBeGreaterThanOrEqual(3);
    expect(pass.superseded).toBe(0);
    expect((await issued(c)).map((s) => s.superseded)).toEqual([null]);
  });
});
