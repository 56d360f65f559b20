/**
 * The referral page states what a referral earns (referrals-page.tsx): the percent the server
 * pays on each approved deposit of a referred client, with the plan that sets it; nothing when no
 * reward is set.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@common/constants';
import type { ReferralsAnswer } from '@common/schemas/profile';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { ReferralsPage } from './referrals-page';

const USER_ID = '0195f0c4-6b1e-7000-8000-000000000001';

/** A signed-in client whose referral page answers `reward`. */
function referralsWith(reward: ReferralsAnswer['reward']) {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: USER_ID, role: 'client', isAdmin: false }));
  server.use(
    http.get('/api/user/referrals/{id}', ({ response }) =>
      response(200).json({
        data: {
          referralId: 'ABC123',
          link: 'http://localhost/signup?referral=ABC123',
          referredBy: null,
          referrals: [],
          reward,
        },
      }),
    ),
  );
}

describe('ReferralsPage', () => {
  it('states the percent a referral earns and the plan that sets it', async () => {
    referralsWith({ percent: 5, plan: 'Silver' });
    renderScreen(<ReferralsPage />);
    const terms = await screen.findByTestId('referral-reward');
    expect(terms).toHaveTextContent(
      'You earn 5% of each deposit a client you referred makes, once it is approved',
    );
    expect(terms).toHaveTextContent('your account plan (Silver)');
  });

  it('says a referral earns nothing when no reward is set', async () => {
    referralsWith({ percent: 0, plan: 'Basic' });
    renderScreen(<ReferralsPage />);
    expect(await screen.findByTestId('referral-reward')).toHaveTextContent(
      'Referrals earn nothing at the moment: no referral reward is set for your account plan.',
    );
  });
});
