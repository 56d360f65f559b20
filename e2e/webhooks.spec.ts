/**
 * Webhooks (docs/integrations.md "Webhooks"): a new owner with two-factor on adds an endpoint on
 * /admin/webhooks for a real HTTP receiver, with a fresh authenticator code, sees its signing secret
 * once, sends a ping that the receiver gets signed (checked with the `standardwebhooks` package's own
 * verifier), reads the delivery log and redelivers the ping (the same webhook-id arrives again).
 * axe on the form, the secret and the page with its log. (The page at rest is in
 * the route sweep.)
 */
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../server/test/webhook-receiver';
import { expect, test } from './fixtures';
import { checkPageState, shootBothWidths } from './journey';
import { signInNewOwner } from './new-owner';

test('an owner adds an endpoint, pings it, reads the log and redelivers', async ({ page, readMail }) => {
  const receiver = await startWebhookReceiver();
  try {
    const { nextCode } = await signInNewOwner(page, readMail, 'hooks', 'Hana');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Accounting');
    await form.getByRole('checkbox', { name: /^deposit\.approved/ }).check();
    await checkPageState(page, 'the add endpoint form', async () => {
      await expect(form.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
    });
    await shootBothWidths(page, 'webhook-form', async () => {
      await expect(form.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
    });
    await form.getByLabel('Authentication code').fill(await nextCode());
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Your endpoint’s signing secret' });
    const secret = ((await shown.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await checkPageState(page, 'a new signing secret', async () => {
      await expect(shown.getByRole('button', { name: 'Copy signing secret' })).toBeVisible();
    });
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    await expect(page.getByText(secret.slice(6))).toHaveCount(0);
    const endpoint = page
      .getByRole('table', { name: 'Webhook endpoints' })
      .getByRole('row')
      .filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('Enabled');
    await expect(endpoint).toContainText(`…${secret.slice(-4)}`);

    // ping: the receiver gets it signed; the log shows it delivered
    await endpoint.getByRole('button', { name: `Ping ${receiver.url}` }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    const [ping] = await receiver.waitFor(1);
    const verifier = new Webhook(secret);
    expect(verifier.verify(ping!.body, ping!.headers)).toMatchObject({ type: 'ping' });
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    const delivered = log.getByRole('row').filter({ hasText: 'ping' }).first();
    await expect(delivered).toContainText('Delivered', { timeout: 15_000 });
    await expect(delivered).toContainText('HTTP 200');

    // redelivered by hand: the same webhook-id arrives again
    await delivered.getByRole('button', { name: 'Redeliver' }).click();
    await page
      .getByRole('dialog', { name: 'Redeliver event' })
      .getByRole('button', { name: 'Redeliver' })
      .click();
    await expect(page.getByText('Delivery queued again')).toBeVisible();
    const [, again] = await receiver.waitFor(2);
    expect(again!.headers['webhook-id']).toBe(ping!.headers['webhook-id']);
    expect(verifier.verify(again!.body, again!.headers)).toMatchObject({ type: 'ping' });
    await shootBothWidths(page, 'webhooks', async () => {
      await expect(delivered).toContainText('Delivered');
    });
    await checkPageState(page, 'the webhooks page with its log', async () => {
      await expect(delivered).toBeVisible();
    });
  } finally {
    await receiver.close();
  }
});
