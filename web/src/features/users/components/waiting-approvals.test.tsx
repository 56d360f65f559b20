/**
 * The client's account page says what waits for a second staff member about the client
 * (waiting-approvals.tsx): each pending request with its maker and reason, asked with the client's
 * id; nothing when none waits, so a colleague neither misses a held credit nor posts it twice.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@common/schemas/approvals';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { WaitingApprovals } from './waiting-approvals';

const CLIENT_ID = '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52';
const HELD: ApprovalRequest = {
  _id: '0b6f4c2e-7d1a-4e3b-9c5d-2a8f1e0d3c41',
  action: 'adjustment',
  summary: 'Credit adjustment of $5,000.00',
  amount: 5000,
  status: 'pending',
  client: { _id: CLIENT_ID, name: 'Ada Client', email: 'ada@example.test' },
  reason: 'Goodwill credit for the outage',
  maker: { _id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Finn Finance', email: 'finn@example.test' },
  checker: null,
  decisionReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  resultId: null,
};

/** Answers the queue with `rows`, recording each query's clientId and status. */
function queue(rows: ApprovalRequest[]) {
  const asked: Array<[string | null, string | null]> = [];
  server.use(
    http.get('/api/approvals', ({ query, response }) => {
      asked.push([query.get('clientId'), query.get('status')]);
      return response(200).json({ data: rows, total: rows.length });
    }),
  );
  return asked;
}

describe('WaitingApprovals', () => {
  it("lists the client's held request with its maker and reason, and links to the queue", async () => {
    const asked = queue([HELD]);
    renderScreen(<WaitingApprovals clientId={CLIENT_ID} />);
    expect(
      await screen.findByText('A request waits for approval', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Credit adjustment of $5,000.00')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(
      /asked by Finn Finance on .*: Goodwill credit for the outage/,
    );
    expect(screen.getByRole('link', { name: 'approval queue' })).toHaveAttribute('href', '/admin/approvals');
    expect(asked).toEqual([[CLIENT_ID, 'pending']]);
  });

  it('shows nothing when no request waits', async () => {
    const asked = queue([]);
    renderScreen(<WaitingApprovals clientId={CLIENT_ID} />);
    await waitFor(() => expect(asked).toHaveLength(1));
    // the answer is in; a render it caused would have happened by now
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/wait(s)? for approval/)).toBeNull();
  });
});
