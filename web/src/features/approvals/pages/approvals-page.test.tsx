/**
 * How the four-eyes queue (approvals-page.tsx, components/approval-columns.tsx) shows a raise of a
 * verification level's caps beside a money request, in the same row shape: "Verification limits"
 * (every client at the level, a link to the caps page) where a client would be, the caps old → new
 * with the owner's reason, and the largest raise as the amount; the approve confirmation names it
 * (docs/security.md "Four-eyes approval"). The queue through the real server is e2e/four-eyes.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@common/schemas/approvals';
import { http, server } from '../../../../test/api';
import { stubDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import { ApprovalsPage } from './approvals-page';

const OWNER = { _id: 'owner-1', name: 'Olive Owner', email: 'olive@example.com' };

const MONEY: ApprovalRequest = {
  _id: '0b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c01',
  action: 'adjustment',
  summary: 'Credit adjustment of $5,000.00',
  amount: 5000,
  status: 'pending',
  client: { _id: 'client-1', name: 'Rita Client', email: 'rita@example.com' },
  reason: 'Settlement of case 1234',
  maker: OWNER,
  checker: null,
  decisionReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  resultId: null,
};

const CAPS: ApprovalRequest = {
  ...MONEY,
  _id: '0b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c02',
  action: 'limits_update',
  summary: 'Caps of "Identity approved": deposits per 24 h $100,000.00 → $150,000.00',
  amount: 50000,
  client: null,
  reason: 'Larger wires from verified clients',
};

beforeEach(() => signInStaff('owner-2'));

describe('the approvals queue', () => {
  it('exports the view shown as CSV', async () => {
    const { saved } = stubDownloads();
    const asked: string[] = [];
    server.use(
      http.get('/api/approvals', ({ response }) => response(200).json({ data: [MONEY], total: 1 })),
      http.get('/api/approvals/export.csv', ({ request, response }) => {
        asked.push(new URL(request.url).search);
        return response.untyped(new Response('ID\r\n', { headers: { 'content-type': 'text/csv' } }));
      }),
    );
    const { user } = renderScreen(<ApprovalsPage />);
    await screen.findByText(MONEY.summary);
    await user.click(screen.getByRole('radio', { name: 'Decided' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['approvals.csv']));
    expect(asked).toEqual(['?status=decided']);
  });

  it('shows a caps raise readably beside a money request, with the same columns', async () => {
    server.use(
      http.get('/api/approvals', ({ response }) => response(200).json({ data: [MONEY, CAPS], total: 2 })),
    );
    const { user } = renderScreen(<ApprovalsPage />);
    const caps = (await screen.findByText(CAPS.summary)).closest('tr')!;
    const money = screen.getByText(MONEY.summary).closest('tr')!;
    expect(within(caps).getAllByRole('cell')).toHaveLength(within(money).getAllByRole('cell').length);

    expect(within(money).getByRole('link', { name: 'Rita Client' })).toBeVisible();
    expect(within(caps).getByRole('link', { name: 'Verification limits' })).toHaveAttribute(
      'href',
      '/admin/verification-limits',
    );
    expect(within(caps).getByText('every client at the level')).toBeVisible();
    expect(within(caps).getByText(CAPS.reason)).toBeVisible();
    expect(within(caps).getByText('$50,000.00')).toBeVisible();
    expect(within(caps).getByText('largest raise')).toBeVisible();

    await user.click(within(caps).getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('for every client at the level');
    expect(dialog).toHaveTextContent(CAPS.summary);
  });
});
