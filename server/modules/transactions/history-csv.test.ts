/**
 * The history's CSV export in words (docs/product.md "Transaction history"): worded headers and
 * cells, a plan loss typed "Loss", and a refused or waiting request kept as a line with its status
 * but never counted as money moved.
 */
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/context';
import { submitDeposit } from '../../test/factories';
import { planHelpers } from '../../test/plan-helpers';

const { t, admin, inject } = useTestContext();
const { clientWithLoss } = planHelpers(t);

/** The export of `headers`' client as rows of cells, keyed by the header row's words. */
async function exported(headers: Record<string, string>) {
  const res = await inject('GET', '/api/transaction/export.csv', headers);
  expect(res.statusCode).toBe(200);
  const [head, ...lines] = res.body.trimEnd().split('\r\n');
  const names = head!.split(',');
  // no cell of these lines holds a comma or a quote: a plain split reads them
  return { head, rows: lines.map((l) => Object.fromEntries(l.split(',').map((c, i) => [names[i]!, c]))) };
}

describe('GET /api/transaction/export.csv in words', () => {
  it('words headers and cells; a loss reads Loss; refused and waiting lines move no money', async () => {
    const c = await clientWithLoss(admin);
    const refused = await submitDeposit(t.app, c, 40);
    const reject = await inject('PUT', `/api/deposits/${refused}/reject`, admin.headers, {
      reason: 'No payment arrived',
    });
    expect(reject.statusCode).toBe(200);
    await submitDeposit(t.app, c, 250);

    const { head, rows } = await exported(c.headers);
    expect(head).toBe(
      'Date (UTC),Type,Method,Amount (USD),Money moved (USD),Status,Details,Voided,Reference',
    );
    const line = (details: string) => rows.find((r) => r.Details!.includes(details))!;
    expect(line('No payment arrived')).toMatchObject({
      Type: 'Deposit',
      Method: 'Bitcoin',
      'Amount (USD)': '40.00',
      'Money moved (USD)': '',
      Status: 'Rejected',
      Voided: 'No',
    });
    expect(line('Position closed at a loss')).toMatchObject({
      Type: 'Loss',
      Method: 'Account',
      'Amount (USD)': '150.00',
      'Money moved (USD)': '-150.00',
      Status: 'Successful',
    });
    const waiting = rows.find((r) => r.Status === 'Pending')!;
    expect(waiting).toMatchObject({ Type: 'Deposit', 'Amount (USD)': '250.00', 'Money moved (USD)': '' });
    expect(rows.find((r) => r.Type === 'Plan opened')).toMatchObject({ 'Money moved (USD)': '-600.00' });
    expect(rows.every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(r['Date (UTC)']!))).toBe(true);
    // no key of the API is left in a cell
    for (const key of ['approved', 'rejected', 'pending', 'credit', 'debit', 'profit', 'bitcoin', 'account'])
      expect(rows.flatMap((r) => [r.Type, r.Method, r.Status])).not.toContain(key);
    // the column adds up the money that moved (the funding, the plan, the loss): the rejected $40
    // and the waiting $250 are not in it
    const moved = rows.reduce((sum, r) => sum + Math.round(Number(r['Money moved (USD)'] || 0) * 100), 0);
    expect(moved).toBe(1_000_00 - 600_00 - 150_00);
  });
});
