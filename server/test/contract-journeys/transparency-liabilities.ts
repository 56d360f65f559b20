/**
 * Contract journey of the proof of liabilities: no snapshot yet (404), staff publish one, a visitor
 * reads it and the list, a client reads their proof, a newcomer not in it reads a proof saying so.
 */
import { createClient, createTestUser } from '../factories';
import { ask, type Journey } from './journey';

export const liabilitiesJourney: Journey = {
  name: 'transparency: proof of liabilities',
  async run({ t, admin }) {
    const call = ask(t);
    const c = await createClient(t.app, { balance: 420_00n });
    const res = await call('POST', '/api/transparency/liabilities', admin.headers, undefined, 201);
    const { snapshotId } = res.json().data as { snapshotId: string };
    await call('GET', '/api/transparency/liabilities', {}, undefined, 200);
    await call('GET', `/api/transparency/liabilities?snapshot=${snapshotId}`, {}, undefined, 200);
    await call('GET', '/api/transparency/liabilities/snapshots', {}, undefined, 200);
    await call('GET', '/api/transparency/liabilities/proof', c.headers, undefined, 200);
    const newcomer = await createTestUser(t.app);
    await call('GET', '/api/transparency/liabilities/proof', newcomer.headers, undefined, 200);
    await call('GET', '/api/transparency/liabilities/proof?treeSize=999999', c.headers, undefined, 400);
  },
};
