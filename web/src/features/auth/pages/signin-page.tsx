import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { brand } from '../../../content/brand';
import { AuthCard } from '../components/auth-card';
import { SigninForm } from '../components/signin-form';

/**
 * /signin: e-mail and password; unconfirmed e-mails go on to verification, accounts
 * with two-factor authentication to /two-factor.
 */
export function SigninPage() {
  return (
    <AuthCard title="Sign in" description={`Welcome back to ${brand.name}.`}>
      <SigninForm submitLabel="Sign In" />
      <Text size="sm" ta="center">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to={paths.signup}>
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
