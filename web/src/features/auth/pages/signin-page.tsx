import { Divider } from '@mantine/core';
import { paths } from '../../../config/paths';
import { brand } from '../../../content/brand';
import { AuthCard, AuthSwitch } from '../../../components/auth-card';
import { PasskeySigninButton } from '../components/passkey-signin-button';
import { SigninForm } from '../components/signin-form';

/**
 * /signin: e-mail and password, or a passkey; unconfirmed e-mails go on to verification, accounts
 * with two-factor authentication to /two-factor.
 */
export function SigninPage() {
  return (
    <AuthCard title="Sign in" description={`Welcome back to ${brand.name}.`}>
      <SigninForm submitLabel="Sign In" />
      <Divider label="or" labelPosition="center" />
      <PasskeySigninButton />
      <AuthSwitch question="Don't have an account?" to={paths.signup}>
        Sign up
      </AuthSwitch>
    </AuthCard>
  );
}
