/**
 * The owner's caps table (admin-limits-page.tsx, docs/security.md "Limits by verification level"):
 * the levels with their four caps, an error with Retry, the edit dialog that shows the server's
 * refusal and keeps the form, a saved edit that toasts, closes and refetches the table, and a raise
 * the server held for a second owner (202) that says it waits and leaves the table as it was. The
 * route sweep through the real server is e2e/a11y-routes.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS_MSG } from '@common/schemas/limits';
import { inTurn, recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import type { LevelRow } from '../api';
import { AdminLimitsPage } from './admin-limits-page';

const UPDATED = '2026-11-28T10:00:00.000Z';
const LEVELS: LevelRow[] = [
  {
    level: 'email',
    title: 'E-mail confirmed',
    depositDay: 1000,
    depositMonth: 5000,
    withdrawalDay: 0,
    withdrawalMonth: 0,
    updatedAt: UPDATED,
  },
  {
    level: 'identity',
    title: 'Identity approved',
    depositDay: 10000,
    depositMonth: 50000,
    withdrawalDay: 10000,
    withdrawalMonth: 50000,
    updatedAt: UPDATED,
  },
];

/** Answers GET /api/limits/levels with `rows` (the current list, read at each call). */
function levels(rows: () => LevelRow[]) {
  let calls = 0;
  server.use(
    http.get('/api/limits/levels', ({ response }) => {
      calls += 1;
      return response(200).json({ data: rows() });
    }),
  );
  return () => calls;
}

/** The table row of the level titled `title`. */
const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

/** Opens the edit dialog of `title`'s level. */
async function openEdit(user: ReturnType<typeof renderScreen>['user'], title: string) {
  await user.click(within(await rowOf(title)).getByRole('button', { name: `Edit limits: ${title}` }));
  return screen.findByRole('dialog', { name: `Edit limits: ${title}` });
}

beforeEach(() => signInStaff());

describe('the verification limits page', () => {
  it("lists each level's four caps in USD", async () => {
    levels(() => LEVELS);
    renderScreen(<AdminLimitsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verification limits' })).toBeVisible();
    const identity = await rowOf('Identity approved');
    expect(within(identity).getAllByText('$10,000.00')).toHaveLength(2);
    expect(within(identity).getAllByText('$50,000.00')).toHaveLength(2);
    const email = await rowOf('E-mail confirmed');
    expect(within(email).getByText('$1,000.00')).toBeVisible();
    expect(within(email).getAllByText('$0.00')).toHaveLength(2);
  });

  it('says a failed load with a Retry that loads again, and an empty list', async () => {
    const reads = { count: 0 };
    server.use(
      http.get(
        '/api/limits/levels',
        inTurn(
          reads,
          ({ response }) => response(403).json({ code: 'forbidden', message: 'Not now' }),
          ({ response }) => response(200).json({ data: [] }),
        ),
      ),
    );
    const { user } = renderScreen(<AdminLimitsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/limits by verification level/i);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No verification level is set up.')).toBeVisible();
    expect(reads.count).toBe(2);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    levels(() => LEVELS);
    const sent: unknown[] = [];
    server.use(
      http.put(
        '/api/limits/levels/{level}',
        recorded(sent, ({ response }) =>
          response(400).json({ code: 'bad_request', message: LIMITS_MSG.noWithdrawalAtEmail }),
        ),
      ),
    );
    const { user } = renderScreen(<AdminLimitsPage />);
    const dialog = await openEdit(user, 'E-mail confirmed');
    const daily = within(dialog).getByLabelText(/^Withdrawals per 24 h/);
    expect(daily).toHaveValue('0.00');
    await user.clear(daily);
    await user.type(daily, '100');
    // no reason yet: nothing is sent
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText(/Give a reason/)).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Let new clients withdraw');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LIMITS_MSG.noWithdrawalAtEmail);
    expect(sent).toEqual([
      {
        depositDay: '1,000.00',
        depositMonth: '5,000.00',
        withdrawalDay: '100.00',
        withdrawalMonth: '0.00',
        reason: 'Let new clients withdraw',
      },
    ]);
    expect(screen.getByRole('dialog', { name: 'Edit limits: E-mail confirmed' })).toBeVisible();
  });

  it('saves the caps with the reason, toasts, closes and refreshes the table', async () => {
    let rows = LEVELS;
    const loads = levels(() => rows);
    const sent: { level: string; body: unknown }[] = [];
    server.use(
      http.put('/api/limits/levels/{level}', async ({ params, request, response }) => {
        sent.push({ level: params.level, body: await request.json() });
        const saved = { ...LEVELS[1]!, depositDay: 20000, updatedAt: '2026-11-29T10:00:00.000Z' };
        rows = [LEVELS[0]!, saved];
        return response(200).json({ message: LIMITS_MSG.levelSaved, data: saved });
      }),
    );
    const { user } = renderScreen(<AdminLimitsPage />);
    const dialog = await openEdit(user, 'Identity approved');
    const daily = within(dialog).getByLabelText(/^Deposits per 24 h/);
    await user.clear(daily);
    await user.type(daily, '$20,000');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Larger wires from verified clients');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText(`${LIMITS_MSG.levelSaved}: Identity approved`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        level: 'identity',
        body: {
          depositDay: '20,000.00',
          depositMonth: '50,000.00',
          withdrawalDay: '10,000.00',
          withdrawalMonth: '50,000.00',
          reason: 'Larger wires from verified clients',
        },
      },
    ]);
    await waitFor(() => expect(loads()).toBe(2));
    expect(await within(await rowOf('Identity approved')).findByText('$20,000.00')).toBeVisible();
  });

  it('says a raise held for a second owner (202) is waiting, closes, and keeps the old caps', async () => {
    levels(() => LEVELS);
    server.use(
      http.put('/api/limits/levels/{level}', ({ response }) =>
        response(202).json({
          message: LIMITS_MSG.levelHeld,
          data: {
            _id: 'request-1',
            action: 'limits_update',
            summary: 'Caps of "Identity approved": deposits per 24 h $10,000.00 → $90,000.00',
            amount: 80000,
            status: 'pending',
            client: null,
            reason: 'Larger wires from verified clients',
            maker: { _id: 'staff', name: 'Olive Owner', email: 'olive@example.com' },
            checker: null,
            decisionReason: null,
            createdAt: UPDATED,
            decidedAt: null,
            resultId: null,
          },
        }),
      ),
    );
    const { user } = renderScreen(<AdminLimitsPage />);
    const dialog = await openEdit(user, 'Identity approved');
    expect(within(dialog).getByText(/a large raise waits until a second owner approves it/)).toBeVisible();
    const daily = within(dialog).getByLabelText(/^Deposits per 24 h/);
    await user.clear(daily);
    await user.type(daily, '90000');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Larger wires from verified clients');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText('Waiting for approval')).toBeVisible();
    expect(screen.getByText(LIMITS_MSG.levelHeld)).toBeVisible();
    expect(screen.queryByText(new RegExp(LIMITS_MSG.levelSaved))).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await rowOf('Identity approved')).getAllByText('$10,000.00')).toHaveLength(2);
  });
});
