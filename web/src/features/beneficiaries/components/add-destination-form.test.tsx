/**
 * The add form validates as the server does (common/destinations.ts through the shared schema): an
 * EIP-55 checksum broken by one letter's case is refused on the field and nothing is sent; a good
 * address is sent as typed. The server's own checks are in server/modules/beneficiaries.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BENEFICIARY_MSG } from '@common/schemas/beneficiaries';
import { recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { destination } from '../../../../test/destinations';
import { renderScreen } from '../../../../test/render';
import { AddDestinationForm } from './add-destination-form';

/** Records the destinations added; answers each as a new crypto destination awaiting confirmation. */
function recordAdds() {
  const sent: unknown[] = [];
  server.use(
    http.post(
      '/api/beneficiaries',
      recorded(sent, ({ response }) =>
        response(201).json({
          message: BENEFICIARY_MSG.added,
          data: destination('Cold wallet', {
            _id: '00000000-0000-4000-8000-000000000001',
            network: 'ethereum',
            address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
            status: 'pending_confirmation',
            createdAt: '2026-11-29T18:00:00.000Z',
            confirmedAt: null,
            activeFrom: null,
          }),
        }),
      ),
    ),
  );
  return sent;
}

async function fill(address: string) {
  const view = renderScreen(<AddDestinationForm />, { route: '/account/withdrawal-addresses' });
  await view.user.type(screen.getByLabelText(/^Label/), 'Cold wallet');
  await view.user.selectOptions(screen.getByLabelText(/^Network/), 'ethereum');
  await view.user.type(screen.getByLabelText(/^Address/), address);
  await view.user.click(screen.getByRole('button', { name: 'Add destination' }));
  return view;
}

describe('the add-destination form', () => {
  it('refuses an address whose EIP-55 checksum is broken, sending nothing', async () => {
    const sent = recordAdds();
    await fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    expect(await screen.findByText(BENEFICIARY_MSG.invalidAddress)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends a valid address as typed', async () => {
    const sent = recordAdds();
    await fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      kind: 'crypto',
      label: 'Cold wallet',
      network: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });
});
