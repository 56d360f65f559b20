/** Contract journeys of money: deposits and reviews, withdrawals, transactions, plans and trading activity. */
import {
  addDestinationOf,
  createClient,
  cryptoWithdrawal,
  submitDeposit,
  submitWithdrawal,
} from '../factories';
import { ask, type Journey } from './journey';

const today = () => new Date().toISOString().slice(0, 10);

/** In the order the replay runs them. */
export const moneyJourneys: Journey[] = [
  {
    name: 'deposits, reviews and ledger',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app);
      await call('GET', '/api/deposits/wallets', c.headers, undefined, 200);
      const ids = [
        await submitDeposit(t.app, c, 150),
        await submitDeposit(t.app, c, 20),
        await submitDeposit(t.app, c),
      ];
      await call('GET', '/api/deposits', c.headers, undefined, 200);
      await call('GET', `/api/deposits?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', `/api/deposits?userId=${c.id}&limit=1`, admin.headers, undefined, 200);
      await call('GET', '/api/deposits?cursor=forged', c.headers, undefined, 400);
      await call('GET', `/api/deposits/export.csv?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', `/api/files/deposits/${ids[0]}`, c.headers, undefined, 200);
      await call('GET', '/api/reviews/pending?page=1&pageSize=10', admin.headers, undefined, 200);
      await call('GET', '/api/reviews/pending?from=2026-01-01&to=2026-12-31', admin.headers, undefined, 200);
      await call('GET', '/api/reviews/pending?to=yesterday', admin.headers, undefined, 400);
      await call('GET', '/api/reviews/export.csv?from=2026-01-01', admin.headers, undefined, 200);
      await call('PUT', `/api/deposits/${ids[0]}/approve`, admin.headers, undefined, 200);
      await call('PUT', `/api/deposits/${ids[0]}/approve`, admin.headers, undefined, 409);
      await call('PUT', `/api/deposits/${ids[1]}/reject`, admin.headers, undefined, 400);
      await call('PUT', `/api/deposits/${ids[1]}/reject`, admin.headers, { reason: 'Not received' }, 200);
      await call('DELETE', `/api/deposits/${ids[2]}`, admin.headers, undefined, 200);
      await call('GET', '/api/ledger/account', c.headers, undefined, 200);
    },
  },
  {
    name: 'withdrawals: code, crypto and bank, approve, reject, delete',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app, { level: 'identity', balance: 100_000n });
      await addDestinationOf(t.app.ctx.database.db, c.id, cryptoWithdrawal(10));
      await call(
        'POST',
        '/api/withdrawals/code',
        c.headers,
        { method: 'crypto', ...cryptoWithdrawal(10) },
        202,
      );
      const bad = { ...cryptoWithdrawal(10), token: '000000' };
      await call('POST', '/api/c-withdrawals', c.headers, bad);
      for (const kind of ['c', 'b'] as const) {
        const method = kind === 'c' ? 'crypto' : 'bank';
        const ids = [
          await submitWithdrawal(t.app, c, 10, method),
          await submitWithdrawal(t.app, c, 11, method),
        ];
        await call('GET', `/api/${kind}-withdrawals`, c.headers, undefined, 200);
        await call('GET', `/api/${kind}-withdrawals?userId=${c.id}`, admin.headers, undefined, 200);
        await call('GET', `/api/${kind}-withdrawals?limit=1`, c.headers, undefined, 200);
        await call(
          'GET',
          `/api/${kind}-withdrawals/export.csv?userId=${c.id}`,
          admin.headers,
          undefined,
          200,
        );
        await call('PUT', `/api/${kind}-withdrawals/${ids[0]}/approve`, admin.headers, undefined, 200);
        await call(
          'PUT',
          `/api/${kind}-withdrawals/${ids[1]}/reject`,
          admin.headers,
          { reason: 'Not ours' },
          200,
        );
        await call('DELETE', `/api/${kind}-withdrawals/${ids[1]}`, admin.headers, undefined, 200);
      }
    },
  },
  {
    name: 'transactions: lists, CSV export, admin add and reverse',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app, { level: 'identity', balance: 10_000n });
      const body = { amount: 10, transactionType: 'profit', details: 'Trading profit' };
      const added = await call('POST', `/api/transaction/${c.id}`, admin.headers, body, 201);
      await call('GET', '/api/transaction', c.headers, undefined, 200);
      await call('GET', '/api/transaction/all?page=1&pageSize=10&type=profit', c.headers, undefined, 200);
      await call('GET', '/api/transaction/export.csv', c.headers, undefined, 200);
      await call('GET', '/api/transaction/value-history?range=3M', c.headers, undefined, 200);
      await call('GET', `/api/transaction/admin?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', `/api/transaction/admin?userId=${c.id}&limit=1`, admin.headers, undefined, 200);
      await call('GET', '/api/transaction/all?cursor=forged', c.headers, undefined, 400);
      await call(
        'GET',
        `/api/transaction/admin/export.csv?userId=${c.id}&type=profit`,
        admin.headers,
        undefined,
        200,
      );
      const id = added.json().data._id as string;
      await call('DELETE', `/api/transaction/${id}`, admin.headers, { reason: 'entered twice' }, 200);
      await call('DELETE', `/api/transaction/${id}`, admin.headers, {}, 400);
      await call('DELETE', `/api/transaction/${id}`, admin.headers, { reason: 'entered twice' }, 409);
    },
  },
  {
    name: 'plans and trading activity',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app, { level: 'identity', balance: 500_000n });
      const plan = { amount: 500, duration: 7, plan: 'copy_trading' };
      await call('POST', '/api/user/active-plan', c.headers, plan, 201);
      await call('POST', '/api/user/active-plan', c.headers, plan, 409);
      await call(
        'POST',
        `/api/user/admin/add-profit/${c.id}`,
        admin.headers,
        { profit: 10, date: today(), reason: 'Closed EUR/USD long' },
        201,
      );
      await call('DELETE', `/api/user/admin/active-plan/${c.id}`, admin.headers, undefined, 200);
      await call('PUT', `/api/user/admin/active-plan/${c.id}`, admin.headers, { ...plan, amount: 600 }, 200);
      const trade = { userId: c.id, tradeAmount: 250, profit: 12.5, plan: 'copy_trading', statuss: 'active' };
      const created = await call('POST', '/api/trading-activity', admin.headers, trade, 201);
      const id = created.json().data._id as string;
      await call('GET', '/api/trading-activity?page=1&pageSize=10', c.headers, undefined, 200);
      await call('GET', `/api/trading-activity/admin?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', '/api/trading-activity?limit=1', c.headers, undefined, 200);
      await call(
        'GET',
        `/api/trading-activity/admin/export.csv?userId=${c.id}`,
        admin.headers,
        undefined,
        200,
      );
      await call('GET', `/api/trading-activity/${id}`, c.headers, undefined, 200);
      await call(
        'PUT',
        `/api/trading-activity/${id}`,
        admin.headers,
        { ...trade, statuss: 'completed' },
        200,
      );
      await call('DELETE', `/api/trading-activity/${id}`, admin.headers, undefined, 200);
    },
  },
];
