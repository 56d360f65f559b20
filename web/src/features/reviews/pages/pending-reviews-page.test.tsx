/**
 * What the review queue shows a reviewer before a decision (pending-reviews-page.tsx and
 * components/review-facts.tsx): each row's client identity (a red "Identity rejected" for a refused
 * one), a withdrawal's masked destination flagged "New destination", and the approve and decline
 * confirmations summing up the amount, the identity with its level and the destination, with a
 * warning when the identity is not verified. The queue through the real server is
 * e2e/funding.spec.ts and e2e/phone-tables.spec.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import type { PendingReview } from '@common/schemas/transactions';
import { http, server } from '../../../../test/api';
import { stubDownloads } from '../../../../test/downloads';
import { renderScreen } from '../../../../test/render';
import { signInStaff } from '../../../../test/session';
import { PendingReviewsPage } from './pending-reviews-page';

const client = (firstName: string) => ({
  firstName,
  lastName: 'Client',
  email: `${firstName.toLowerCase()}@example.com`,
});

const REFUSED: PendingReview = {
  _id: '3f0c1a52-8d3e-4a57-9a0e-7f1e2b3c4d51',
  kind: 'crypto-withdrawal',
  userId: '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52',
  user: client('Rita'),
  userBlocked: false,
  amount: 250,
  method: 'ethereum',
  createdAt: '2026-11-28T10:00:00.000Z',
  identity: { status: 'rejected', level: 'email' },
  destination: 'ETHEREUM address ending in 9EE7',
  newDestination: true,
};

const KNOWN: PendingReview = {
  _id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c53',
  kind: 'bank-withdrawal',
  userId: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c54',
  user: client('Vera'),
  userBlocked: false,
  amount: 40,
  method: 'bank',
  createdAt: '2026-11-28T11:00:00.000Z',
  identity: { status: 'verified', level: 'address' },
  destination: 'account ending in 1234 at Bank',
  newDestination: false,
};

const DEPOSIT: PendingReview = {
  ...KNOWN,
  _id: '1d2c3b4a-5f6e-4d7c-8b9a-0f1e2d3c4b55',
  kind: 'deposit',
  method: 'bitcoin',
  amount: 75,
  destination: null,
  newDestination: null,
};

beforeEach(() => {
  // an owner may review every kind
  signInStaff();
  server.use(
    http.get('/api/reviews/pending', ({ response }) =>
      response(200).json({ data: [REFUSED, KNOWN, DEPOSIT], total: 3 }),
    ),
  );
});

/** The table row that names `name`. */
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;

describe('the review queue', () => {
  it('exports the queue as CSV with the days asked', async () => {
    const { saved } = stubDownloads();
    const asked: string[] = [];
    server.use(
      http.get('/api/reviews/export.csv', ({ request, response }) => {
        asked.push(new URL(request.url).search);
        return response.untyped(new Response('ID\r\n', { headers: { 'content-type': 'text/csv' } }));
      }),
    );
    const { user } = renderScreen(<PendingReviewsPage />);
    await rowOf('Rita Client');
    fireEvent.change(screen.getByLabelText('Requested from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Requested to'), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['pending-reviews.csv']));
    expect(asked).toEqual(['?from=2026-11-01&to=2026-11-30']);
  });

  it("flags a refused identity in red, and shows each withdrawal's masked destination, new or not", async () => {
    renderScreen(<PendingReviewsPage />);
    const refused = await rowOf('Rita Client');
    expect(within(refused).getByText('Identity rejected')).toBeVisible();
    expect(within(refused).getByText('ETHEREUM address ending in 9EE7')).toBeVisible();
    expect(within(refused).getByText('New destination')).toBeVisible();

    const [known, deposit] = screen
      .getAllByRole('link', { name: 'Vera Client' })
      .map((a) => a.closest('tr')!);
    expect(within(known!).getByText('Identity verified')).toBeVisible();
    expect(within(known!).getByText('account ending in 1234 at Bank')).toBeVisible();
    expect(within(known!).queryByText('New destination')).toBeNull();
    expect(within(known!).queryByText('Identity rejected')).toBeNull();
    expect(within(deposit!).getByText('Bitcoin')).toBeVisible();
    expect(within(deposit!).queryByText('New destination')).toBeNull();
  });

  it('warns in the approval that the identity is not verified, with the amount and destination', async () => {
    const approved: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/c-withdrawals/{id}/approve', async ({ params, request, response }) => {
        approved.push(params.id);
        bodies.push(await request.json());
        return response(200).json({
          message: MONEY_MSG.withdrawalApproved,
          data: {
            _id: REFUSED._id,
            userId: REFUSED.userId,
            amount: REFUSED.amount,
            createdAt: REFUSED.createdAt,
            status: 'approved',
            reviewedAt: '2026-11-28T12:00:00.000Z',
            reason: null,
            payoutReference: 'TX-0042',
            wallet: 'ethereum',
            address: '0x52908400098527886E0F7030069857D2E4169EE7',
          },
        });
      }),
    );
    const { user } = renderScreen(<PendingReviewsPage />);
    await user.click(within(await rowOf('Rita Client')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal' });
    expect(dialog).toHaveTextContent("The client's identity is not verified");
    expect(dialog).toHaveTextContent('$250.00');
    expect(within(dialog).getByText('Identity rejected')).toBeVisible();
    expect(dialog).toHaveTextContent('Level: E-mail confirmed');
    expect(dialog).toHaveTextContent('ETHEREUM address ending in 9EE7');
    expect(within(dialog).getByText('New destination')).toBeVisible();
    // the payout reference the client reads with the approval
    await user.type(within(dialog).getByLabelText('Payout reference (optional)'), 'TX-0042');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approved).toEqual([REFUSED._id]));
    expect(bodies).toEqual([{ payoutReference: 'TX-0042' }]);
  });

  it('sums up a verified client and a known destination in the decline, without the warning', async () => {
    const { user } = renderScreen(<PendingReviewsPage />);
    const known = (await screen.findAllByRole('link', { name: 'Vera Client' }))[0]!.closest('tr')!;
    await user.click(within(known).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline withdrawal' });
    expect(dialog).toHaveTextContent('$40.00');
    expect(dialog).toHaveTextContent('Identity verified');
    expect(dialog).toHaveTextContent('Level: Identity and address approved');
    expect(dialog).toHaveTextContent('account ending in 1234 at Bank');
    expect(dialog).not.toHaveTextContent("The client's identity is not verified");
    expect(within(dialog).queryByText('New destination')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
