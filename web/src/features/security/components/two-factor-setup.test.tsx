/**
 * The two-factor set-up screen (two-factor-setup.tsx): beside the QR code, a phone that cannot scan
 * its own screen opens the authenticator app with the `otpauth:` link, and the key is shown as text.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/render';
import { TwoFactorSetup } from './two-factor-setup';

const URI = 'otpauth://totp/Demo%20Broker:jo%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Demo%20Broker';

/** Renders the set-up of `URI` on the security tab; `resumed`: a set-up started before, resumed. */
const renderSetup = (resumed: boolean) =>
  renderScreen(
    <TwoFactorSetup
      setup={{ totpURI: URI, backupCodes: ['aaaa-bbbb'], resumed }}
      onEnabled={() => undefined}
      onCancel={() => undefined}
    />,
    { route: '/account/profile?tab=security' },
  );

describe('the two-factor set-up', () => {
  it('offers the otpauth link beside the QR code, and the key as text', async () => {
    renderSetup(false);
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', URI);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
  });

  it('says a set-up started before keeps its key and has new backup codes', () => {
    renderSetup(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      /this is the same key, so if your app already has it/,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/The backup codes below are new/);
  });
});
