import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { loadConfig, MONEY_DEFAULTS } from '../../config';
import { deposits, notifications, users } from '../../db/schema';
import { type Headers, storedKeys, UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';
import { expectReasonRequired, expectRejectedWithReason } from '../../test/decision-reasons';
import { expectAnswer, expectReplayed } from '../../test/expect';
import { getClientFigures } from '../ledger/service';
import { createClient, imageDataUrl, ledgerViolations, itNeedsVerifiedClient } from '../../test/factories';

// four-eyes (its own tests: approvals/aggregate.test.ts) out of the way of the review's own rules
const { t, admin, inject } = useTestContext({ fourEyesThreshold: 1_000_000_00n });
const figures = (userId: string) => getClientFigures(t.database.db, userId);
let png: string;
beforeAll(async () => {
  png = await imageDataUrl('png');
});
const submit = (headers: Headers, body: Record<string, unknown> = {}) =>
  inject('POST', '/api/deposits', headers, { amount: 100, image: png, wallet: 'bitcoin', ...body });

describe('POST /api/deposits', () => {
  itNeedsVerifiedClient(t, submit);

  it.each([
    [{ amount: undefined }, MONEY_MSG.invalidAmount],
    [{ amount: 0 }, MONEY_MSG.invalidAmount],
    [{ amount: -5 }, MONEY_MSG.invalidAmount],
    [{ amount: 10.123 }, MONEY_MSG.amountDecimals],
    [{ amount: 'NaN' }, MONEY_MSG.invalidAmount],
    [{ amount: 1e308 }, MONEY_MSG.invalidAmount],
    [{ image: undefined }, MONEY_MSG.proofRequired],
    [{ image: '' }, MONEY_MSG.proofRequired],
    [{ wallet: 'dogecoin' }, undefined],
    [{ transactionHash: 'not-a-hash' }, MONEY_MSG.invalidTransactionHash],
  ])('refuses %j with 400', async (body, message) => {
    const c = await createClient(t.app);
    expectAnswer(await submit(c.headers, body), 400, message);
  });

  it('records a pending deposit with a cleaned proof only its owner and admins can fetch', async () => {
    const c = await createClient(t.app);
    const hash = `0x${'ab'.repeat(32)}`;
    // a JPEG carrying EXIF metadata: what is stored has none
    const withExif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera' } } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-gps-and-camera'))).toBe(true);
    const res = await submit(c.headers, {
      amount: '250.5',
      wallet: 'ethereum',
      transactionHash: hash,
      image: `data:image/png;base64,${withExif.toString('base64')}`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MONEY_MSG.depositSubmitted);
    const d = res.json().data;
    expect(d).toMatchObject({
      amount: 250.5,
      wallet: 'ethereum',
      status: 'pending',
      transactionHash: hash,
      userId: c.id,
    });
    expect((await figures(c.id)).balance).toBe(0n);

    const own = await inject('GET', d.image.url, c.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.includes(Buffer.from('secret-gps-and-camera'))).toBe(false);
    expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();
    expect((await inject('GET', d.image.url, admin.headers)).statusCode).toBe(200);
    const other = await createClient(t.app);
    expect((await inject('GET', d.image.url, other.headers)).statusCode).toBe(403);
    expect((await inject('GET', d.image.url)).statusCode).toBe(401);
    expect((await inject('GET', `/api/files/deposits/${UNKNOWN_ID}`, c.headers)).statusCode).toBe(404);
  });

  it('refuses a data URL over 5 MB with 413 without decoding it, and a body over the route limit too', async () => {
    const c = await createClient(t.app);
    const justOver = `data:image/png;base64,${'A'.repeat(Math.ceil((5 * 1024 * 1024 * 4) / 3) + 400)}`;
    const big = await submit(c.headers, { image: justOver });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MONEY_MSG.fileTooLarge);

    const huge = JSON.stringify({
      amount: 100,
      wallet: 'bitcoin',
      image: `data:image/png;base64,${'A'.repeat(20 * 1024 * 1024)}`,
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deposits',
      headers: { ...c.headers, 'content-type': 'application/json' },
      payload: huge,
    });
    const grown = process.memoryUsage().rss - before;
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MONEY_MSG.fileTooLarge);
    expect(grown).toBeLessThan(50 * 1024 * 1024);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, c.id))).toEqual([]);
  });

  it('refuses files that are not PNG/JPEG/WebP images by their bytes, and stores nothing', async () => {
    const c = await createClient(t.app);
    const keysBefore = storedKeys(t).length;
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
    const cases: Array<[string, Buffer]> = [
      ['php renamed png', Buffer.from('<?php system($_GET["c"]); ?>')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['truncated jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
      ['gif', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
      ['garbage', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
    ];
    for (const [name, bytes] of cases) {
      const res = await submit(c.headers, { image: `data:image/png;base64,${bytes.toString('base64')}` });
      expect(res.statusCode, name).toBe(400);
      expect([MONEY_MSG.imageType, MONEY_MSG.imageUnreadable], name).toContain(res.json().message);
    }
    for (const image of ['not a data url', 'data:image/png;base64,@@@@', 'data:text/plain,hello']) {
      expect((await submit(c.headers, { image })).statusCode, image).toBe(400);
    }
    expect(storedKeys(t).length).toBe(keysBefore);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, c.id))).toEqual([]);
  });

  it('accepts JPEG and WebP proofs', async () => {
    const c = await createClient(t.app);
    for (const format of ['jpeg', 'webp'] as const) {
      expect((await submit(c.headers, { image: await imageDataUrl(format) })).statusCode).toBe(201);
    }
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it with another payload', async () => {
    const c = await createClient(t.app);
    const headers = { ...c.headers, 'idempotency-key': 'dep-1' };
    await expectReplayed(() => submit(headers));
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, c.id))).toHaveLength(1);
    const other = await submit(headers, { amount: 101 });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(MONEY_MSG.idempotencyMismatch);
    const bad = await submit({ ...c.headers, 'idempotency-key': 'bad key with spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MONEY_MSG.invalidIdempotencyKey);
  });
});

describe('caps on deposit submissions', () => {
  it('allows 5 pending deposits (422 beyond) and 10 submissions an hour (429 beyond)', async () => {
    const c = await createClient(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await submit(c.headers, { amount: 100 + i });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data._id);
    }
    const sixth = await submit(c.headers);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe(MONEY_MSG.tooManyDeposits);
    // reviewing makes room again, but not beyond 10 an hour
    for (const id of ids)
      expect(
        (
          await inject('PUT', `/api/deposits/${id}/reject`, admin.headers, {
            reason: 'Not received on our wallet',
          })
        ).statusCode,
      ).toBe(200);
    for (let i = 0; i < 5; i++) expect((await submit(c.headers)).statusCode).toBe(201);
    const eleventh = await submit(c.headers);
    expect(eleventh.statusCode).toBe(429);
    const [row] = await t.database.db.select({ n: count() }).from(deposits).where(eq(deposits.userId, c.id));
    expect(Number(row!.n)).toBe(10);
  });
});

describe('GET /api/deposits and /api/deposits/wallets', () => {
  it('shows a client only their own; an admin anyone’s by ?userId=', async () => {
    const a = await createClient(t.app);
    const b = await createClient(t.app);
    await submit(a.headers);
    await submit(b.headers);
    const own = await inject('GET', '/api/deposits', a.headers);
    expect(own.json().data.map((d: { userId: string }) => d.userId)).toEqual([a.id]);
    expect((await inject('GET', `/api/deposits?userId=${b.id}`, a.headers)).statusCode).toBe(403);
    const byAdmin = await inject('GET', `/api/deposits?userId=${b.id}`, admin.headers);
    expect(byAdmin.json().data.map((d: { userId: string }) => d.userId)).toEqual([b.id]);
    expect((await inject('GET', '/api/deposits')).statusCode).toBe(401);
    expect((await inject('GET', '/api/deposits?userId=nope', admin.headers)).statusCode).toBe(400);
  });

  it('takes the wallet addresses from DEPOSIT_WALLET_BITCOIN / DEPOSIT_WALLET_ETHEREUM', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const btc = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    const eth = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    expect(
      loadConfig({ DATA_DIR: dir, DEPOSIT_WALLET_BITCOIN: btc, DEPOSIT_WALLET_ETHEREUM: eth }).money
        .depositWallets,
    ).toEqual({
      bitcoin: btc,
      ethereum: eth,
    });
    expect(loadConfig({ DATA_DIR: dir }).money.depositWallets).toEqual(MONEY_DEFAULTS.depositWallets);
    expect(() => loadConfig({ DATA_DIR: dir, DEPOSIT_WALLET_BITCOIN: 'short' })).toThrow(
      /DEPOSIT_WALLET_BITCOIN/,
    );
  });

  it('answers the configured wallet addresses', async () => {
    const c = await createClient(t.app);
    const res = await inject('GET', '/api/deposits/wallets', c.headers);
    expect(res.json().data).toEqual(MONEY_DEFAULTS.depositWallets);
  });
});

describe('review: approve, reject, delete', () => {
  const pending = async (headers: Headers, amount = 100) =>
    (await submit(headers, { amount })).json().data._id as string;

  it('is for admins only', async () => {
    const c = await createClient(t.app);
    const id = await pending(c.headers);
    for (const [method, url] of [
      ['PUT', `/api/deposits/${id}/approve`],
      ['PUT', `/api/deposits/${id}/reject`],
      ['DELETE', `/api/deposits/${id}`],
    ] as const) {
      expect((await inject(method, url)).statusCode, url).toBe(401);
      expect((await inject(method, url, c.headers)).statusCode, url).toBe(403);
    }
    expect((await inject('PUT', `/api/deposits/${UNKNOWN_ID}/approve`, admin.headers)).statusCode).toBe(404);
  });

  it('approves: posts the deposit to the balance, notifies and e-mails the client; then refuses a second review', async () => {
    const c = await createClient(t.app);
    const id = await pending(c.headers, 1234.56);
    const res = await inject('PUT', `/api/deposits/${id}/approve`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MONEY_MSG.depositApproved, data: { status: 'approved' } });
    expect(await figures(c.id)).toMatchObject({ balance: 1234_56n, totalDeposit: 1234_56n, totalBonus: 0n });
    const mail = await t.smtp.waitForMail(c.email);
    expect(mail.subject).toBe('Deposit approved');
    expect(mail.text).toContain('$1,234.56');
    const notes = await inject('GET', '/api/notifications/user', c.headers);
    expect(notes.json().data[0]).toMatchObject({ title: 'Deposit approved', userId: c.id });
    for (const action of ['approve', 'reject']) {
      const again = await inject('PUT', `/api/deposits/${id}/${action}`, admin.headers, {
        reason: 'Second look',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Deposit is already approved');
    }
    const del = await inject('DELETE', `/api/deposits/${id}`, admin.headers);
    expect(del.statusCode).toBe(409);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('rejects: moves no money, notifies; a rejected or pending deposit can be deleted with its proof', async () => {
    const c = await createClient(t.app);
    const id = await pending(c.headers);
    const res = await inject('PUT', `/api/deposits/${id}/reject`, admin.headers, {
      reason: 'Not received on our wallet',
    });
    expect(res.json()).toMatchObject({ message: MONEY_MSG.depositRejected, data: { status: 'rejected' } });
    expect((await figures(c.id)).balance).toBe(0n);
    expect((await inject('PUT', `/api/deposits/${id}/approve`, admin.headers)).json().message).toBe(
      'Deposit is already rejected',
    );
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, id));
    expect(storedKeys(t)).toContain(row!.proofKey);
    expect((await inject('DELETE', `/api/deposits/${id}`, admin.headers)).statusCode).toBe(200);
    expect(storedKeys(t)).not.toContain(row!.proofKey);
    expect((await inject('DELETE', `/api/deposits/${id}`, admin.headers)).statusCode).toBe(404);
    const other = await pending(c.headers);
    expect((await inject('DELETE', `/api/deposits/${other}`, admin.headers)).statusCode).toBe(200);
  });

  it('a rejection needs a reason of 3 to 500 characters; the client reads it in the history, notice and e-mail, and the audit row keeps it', async () => {
    const c = await createClient(t.app);
    const id = await pending(c.headers, 120);
    const url = `/api/deposits/${id}/reject`;
    await expectReasonRequired(inject, 'PUT', url, admin.headers, async () => {
      const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, id));
      expect(row).toMatchObject({ status: 'pending', decisionReason: null });
      expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, c.id))).toEqual(
        [],
      );
    });
    const reason = 'The transfer never reached our wallet';
    await expectRejectedWithReason(t, inject, admin.headers, c, {
      url,
      id,
      reason,
      message: MONEY_MSG.depositRejected,
      title: 'Deposit rejected',
      action: 'deposit.reject',
    });
    expect((await inject('GET', `/api/deposits`, c.headers)).json().data[0]).toMatchObject({
      _id: id,
      reason,
    });
  });

  it('approval never fails because the mail server does; the notice is kept in the app', async () => {
    const c = await createClient(t.app);
    const id = await pending(c.headers);
    const mailer = t.app.ctx.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect((await inject('PUT', `/api/deposits/${id}/approve`, admin.headers)).statusCode).toBe(200);
    } finally {
      mailer.send = send;
    }
    expect((await figures(c.id)).balance).toBe(100_00n);
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.userId, c.id)),
    ).toHaveLength(1);
  });
});

describe('promotions', () => {
  const approve = async (headers: Headers, amount: number) => {
    const id = (await submit(headers, { amount })).json().data._id;
    expect((await inject('PUT', `/api/deposits/${id}/approve`, admin.headers)).statusCode).toBe(200);
  };

  it('credits $500 on the first approved deposit of at least $5,000, once', async () => {
    const c = await createClient(t.app);
    await approve(c.headers, 4999.99);
    expect((await figures(c.id)).totalBonus).toBe(0n);
    await approve(c.headers, 5000);
    await approve(c.headers, 7000);
    expect(await figures(c.id)).toMatchObject({
      totalBonus: 500_00n,
      totalDeposit: 16999_99n,
      balance: 17499_99n,
    });
  });

  it('pays the referrer a bonus by their plan on every approved deposit of a referred client', async () => {
    for (const [plan, rate] of [
      ['Basic', 3],
      ['Silver', 5],
      ['Platinum', 10],
    ] as const) {
      const referrer = await createClient(t.app);
      await t.database.db.update(users).set({ accountPlan: plan }).where(eq(users.id, referrer.id));
      const referred = await createClient(t.app, { referredBy: referrer.id });
      await approve(referred.headers, 100.05);
      await approve(referred.headers, 200);
      const expected = BigInt(Math.round((10005 * rate) / 100) + (20000 * rate) / 100);
      expect(await figures(referrer.id), plan).toMatchObject({ referralBonus: expected, balance: expected });
      expect((await figures(referred.id)).referralBonus).toBe(0n);
    }
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
