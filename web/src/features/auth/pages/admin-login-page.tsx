import { Anchor, Box, Center, Divider } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { BrandLogo } from '../../../components/brand-logo';
import { brand } from '../../../content/brand';
import { AuthCard } from '../../../components/auth-card';
import { PasskeySigninButton } from '../components/passkey-signin-button';
import { SigninForm } from '../components/signin-form';

/**
 * /admin/login (password or passkey): admins only; anyone else is told "You are not an admin". Staff with
 * two-factor authentication go on to /two-factor; staff who must set it up, to /admin/security.
 */
export function AdminLoginPage() {
  return (
    <Box component="main" mih="100dvh" px="md" py="xl" bg="gray.0">
      <Center>
        <BrandLogo />
      </Center>
      <AuthCard title="Admin login" description={`${brand.name} back office.`}>
        <SigninForm asAdmin submitLabel="Login" />
        <Divider label="or" labelPosition="center" />
        <PasskeySigninButton asAdmin />
        <Anchor component={Link} to={paths.home} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Back to Home
        </Anchor>
      </AuthCard>
    </Box>
  );
}
