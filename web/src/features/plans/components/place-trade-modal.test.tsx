/**
 * "Place Your Trade" (place-trade-modal.tsx): missing fields, an active plan, an amount outside the
 * plan limits (the limits dialog), one above the available balance (to the deposit page), the busy
 * button and the server's refusal. The journey (e2e/plans.spec.ts) places a plan for real.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLAN_MSG } from '@common/messages';
import { planLimitsMessage } from '@common/schemas/plans';
import { gate, recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { PlaceTradeModal } from './place-trade-modal';

/** Counts the plan POSTs; answers each with a 409 refusal once `before` settles. */
function plans(before?: Promise<void>) {
  const sent: unknown[] = [];
  server.use(
    http.post(
      '/api/user/active-plan',
      recorded(
        sent,
        ({ response }) =>
          response(409).json({ code: 'plan_already_active', message: 'Plans are closed for the day' }),
        before,
      ),
    ),
  );
  return sent;
}

/** The dialog for Copy Trading with $1,500 available; `active`: the client has a plan already. */
function open(active = false) {
  const view = renderScreen(
    <PlaceTradeModal plan="copy_trading" onClose={() => undefined} hasActivePlan={active} available={1500} />,
    { route: '/account/trading' },
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Place Your Trade' }));
  /** Types `amount`, picks `duration` and presses Place trade. */
  const place = async (amount: string, duration: string) => {
    await view.user.type(dialog.getByLabelText(/^Amount/), amount);
    await view.user.selectOptions(dialog.getByLabelText(/^Duration/), duration);
    await view.user.click(dialog.getByRole('button', { name: 'Place trade' }));
  };
  return { ...view, dialog, place };
}

describe('the place-trade dialog', () => {
  it('asks for the missing fields, sending nothing', async () => {
    const sent = plans();
    const { user, dialog } = open();
    await user.click(dialog.getByRole('button', { name: 'Place trade' }));
    expect(await dialog.findByText(PLAN_MSG.fillAllFields)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('says the limits in their own dialog for an amount below the minimum', async () => {
    const sent = plans();
    const { user, place } = open();
    await place('100', '1 week');
    const limits = await screen.findByRole('dialog', { name: 'Trade limits' });
    expect(limits).toHaveTextContent(planLimitsMessage());
    await user.click(within(limits).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade limits' })).toBeNull());
    expect(sent).toEqual([]);
  });

  it('refuses a second plan while one is active', async () => {
    const sent = plans();
    const { dialog, place } = open(true);
    await place('300', '24 hours');
    expect(await dialog.findByText(PLAN_MSG.alreadyActive)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('sends the client to the deposit page for more than the available balance', async () => {
    const sent = plans();
    const { router, place } = open();
    await place('5000', '1 week');
    await waitFor(() => expect(router.state.location.search).toBe('?payment=insufficient'));
    expect(router.state.location.pathname).toBe('/account/deposit');
    expect(sent).toEqual([]);
  });

  it('shows the button busy while the plan is sent, then the server refusal in the dialog', async () => {
    const answer = gate();
    const sent = plans(answer.held);
    const { dialog, place } = open();
    await place('1000', '1 week');
    const button = dialog.getByRole('button', { name: /Place trade|Loading/ });
    await waitFor(() => expect(button).toBeDisabled());
    answer.open();
    expect(await dialog.findByText('Plans are closed for the day')).toBeVisible();
    expect(sent).toMatchObject([{ amount: '1,000.00', duration: 7, plan: 'copy_trading' }]);
  });
});
