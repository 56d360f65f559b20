/**
 * Contract journey of signed statements: a client downloads a month's statement and a range's, a
 * visitor verifies the file as issued (authentic) and with one byte changed (not authentic).
 */
import { expect } from 'vitest';
import { createClient } from '../factories';
import { ask, type Journey } from './journey';

export const statementsJourney: Journey = {
  name: 'transparency: signed statements',
  async run({ t }) {
    const call = ask(t);
    const c = await createClient(t.app, { balance: 250_00n });
    const month = new Date().toISOString().slice(0, 7);
    await call('GET', `/api/transparency/statement?month=${month}`, c.headers, undefined, 200);
    await call('GET', '/api/transparency/statement?month=2026-13', c.headers, undefined, 400);
    const today = new Date().toISOString().slice(0, 10);
    const res = await call(
      'GET',
      `/api/transparency/statement?from=${month}-01&to=${today}`,
      c.headers,
      undefined,
      200,
    );
    const file = res.rawPayload;
    const pdf = { 'content-type': 'application/pdf' };
    const ok = await call('POST', '/api/transparency/verify-statement', pdf, file, 200);
    expect(ok.json()).toMatchObject({ authentic: true, closingBalance: 250 });
    const changed = Buffer.from(file);
    changed[100] = changed[100] === 0x20 ? 0x21 : 0x20;
    const bad = await call('POST', '/api/transparency/verify-statement', pdf, changed, 200);
    expect(bad.json()).toMatchObject({ authentic: false });
  },
};
