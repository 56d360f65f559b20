/**
 * The answers every withdrawal form reads, for the forms' component tests (never imported by the
 * app): the client's figures, no security hold, their limits, their passkeys and address book;
 * `openForm`, which renders a form with them; and the recorders of the code and withdrawal requests.
 */
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MONEY_MSG } from '@common/messages';
import type { PublicBeneficiary } from '@common/schemas/beneficiaries';
import { recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';

/** The client's address book: `list`. */
export const book = (list: PublicBeneficiary[]) =>
  http.get('/api/beneficiaries', ({ response }) => response(200).json({ data: list }));

/** The dates of a saved destination in `status` (active ones since the day after they were added). */
export const savedDates = (status: PublicBeneficiary['status']) => ({
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  confirmedAt: status === 'pending_confirmation' ? null : '2026-11-20T10:05:00.000Z',
  activeFrom:
    status === 'pending_confirmation'
      ? null
      : status === 'active'
        ? '2026-11-21T10:05:00.000Z'
        : '2099-11-21T10:05:00.000Z',
});

/** The client's figures: $250 available, nothing held. */
export const figures = http.get('/api/ledger/account', ({ response }) =>
  response(200).json({
    data: {
      balance: 250,
      held: 0,
      invested: 0,
      totalDeposit: 250,
      totalProfit: 0,
      referralBonus: 0,
      totalBonus: 0,
    },
  }),
);

/** No hold on withdrawals after a security change (components/security-hold-alert.test.tsx has them). */
export const noHold = http.get('/api/security-holds/current', ({ response }) =>
  response(200).json({ data: null }),
);

/** The client's limits: identity approved, $9,960 left today (GET /api/limits). */
const window = (cap: number, used: number) => ({ cap, used, left: cap - used });
export const limits = http.get('/api/limits', ({ response }) =>
  response(200).json({
    data: {
      level: 'identity',
      title: 'Identity approved',
      identityVerified: true,
      next: { level: 'address', title: 'Identity and address approved', raise: 'verify your address' },
      deposit: { day: window(100_000, 0), month: window(250_000, 0) },
      withdrawal: { day: window(10_000, 40), month: window(50_000, 40) },
      message: 'You can withdraw $9,960.00 more today; verify your address to raise it',
    },
  }),
);

/** The client's passkeys: `count` of them (GET /api/auth/passkeys). */
export const passkeys = (count: number) =>
  http.get('/api/auth/passkeys', ({ response }) =>
    response(200).json({
      data: Array.from({ length: count }, (_, i) => ({
        id: `pk-${i}`,
        name: `Key ${i}`,
        createdAt: '2026-11-20T10:00:00.000Z',
        lastUsedAt: null,
        backedUp: false,
      })),
    }),
  );

/**
 * Renders the withdrawal form `ui` at `route` with the answers above (`list` the address book, `keys`
 * passkeys) and waits until it shows; answers the view, its Amount field and the radio of the
 * active destination `label`.
 */
export async function openForm(ui: ReactElement, route: string, list: PublicBeneficiary[], keys = 0) {
  server.use(figures, book(list), noHold, limits, passkeys(keys));
  const view = renderScreen(ui, { route });
  await screen.findByText('$250.00');
  await screen.findByText('Destination');
  return {
    ...view,
    amount: screen.getByLabelText(/^Amount/),
    destination: (label: string) => screen.getByRole('radio', { name: new RegExp(`^${label}`) }),
  };
}

/** Records the bodies of the e-mailed code requests (POST /api/withdrawals/code), each answered "sent". */
export function codeRequests() {
  const asked: unknown[] = [];
  server.use(
    http.post(
      '/api/withdrawals/code',
      recorded(asked, ({ response }) => response(202).json({ message: MONEY_MSG.codeSent })),
    ),
  );
  return asked;
}

/**
 * Records the bodies of the withdrawal POSTs (`path`: the crypto or the bank one); refuses each (a
 * wrong code) once `before` settles.
 */
export function refusedWithdrawals(
  path: '/api/c-withdrawals' | '/api/b-withdrawals',
  before?: Promise<void>,
) {
  const sent: unknown[] = [];
  server.use(
    http.post(
      path,
      recorded(
        sent,
        ({ response }) =>
          response(400).json({
            code: 'invalid_confirmation_code',
            message: 'Invalid or expired confirmation code',
          }),
        before,
      ),
    ),
  );
  return sent;
}
