import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconId,
  IconLock,
  IconLogout,
  IconPencil,
  IconPhoto,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { DataExportCard } from '../components/data-export-card';
import { EditProfileForm } from '../components/edit-profile-form';
import { LogoutPanel } from '../components/logout-panel';
import { PhotoForm } from '../components/photo-form';
import { ProfileAvatar } from '../components/profile-avatar';
import { ProfileDetails } from '../components/profile-details';
import { VerificationBadge } from '../components/verification-badge';
import { VerificationPanel } from '../components/verification-panel';

/** The profile tabs plus Security, in order; `?tab=` names the open one. */
const TABS = [
  { value: 'profile', label: 'Profile', icon: IconUser },
  { value: 'edit-profile', label: 'Edit Profile', icon: IconPencil },
  { value: 'update-photo', label: 'Update Photo', icon: IconPhoto },
  { value: 'change-password', label: 'Change Password', icon: IconLock },
  { value: 'security', label: 'Security', icon: IconShieldLock },
  { value: 'verification', label: 'Verification', icon: IconId },
  { value: 'logout', label: 'Logout', icon: IconLogout },
] as const satisfies ReadonlyArray<{ value: string; label: string; icon: ComponentType<{ size?: number }> }>;

type TabValue = (typeof TABS)[number]['value'];

/** The tab bar: one row, scrolling sideways where the window is narrower than its tabs. */
const TAB_BAR = { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin' } as const;

const isTab = (value: string | null): value is TabValue => TABS.some((t) => t.value === value);

/**
 * /account/profile: the client's details (with "Download my data") and the tabs to edit them, change the photo
 * and password, manage account security (`security`: two-factor, sessions, sign-in history; handed
 * in by the router from the security feature), upload identity documents, and log out.
 */
export function ProfilePage({ security }: { security: ReactNode }) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'profile';
  const tabBar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = tabBar.current;
    const open = bar?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!bar || !open) return;
    // scrolls the bar only (never the page), so the open tab stands whole inside it
    if (open.offsetLeft < bar.scrollLeft) bar.scrollLeft = open.offsetLeft;
    else if (open.offsetLeft + open.offsetWidth > bar.scrollLeft + bar.clientWidth)
      bar.scrollLeft = open.offsetLeft + open.offsetWidth - bar.clientWidth;
  }, [tab]);
  if (!user) return <Navigate to={paths.signin} replace />;
  const panels: Record<TabValue, ReactNode> = {
    profile: (
      <Stack gap="lg">
        <ProfileDetails />
        {/* staff have no client data of their own (the server answers them 403) */}
        {user.role === 'client' && <DataExportCard />}
      </Stack>
    ),
    'edit-profile': <EditProfileForm user={user} />,
    'update-photo': <PhotoForm user={user} />,
    'change-password': <ChangePasswordForm />,
    security,
    verification: <VerificationPanel user={user} />,
    logout: <LogoutPanel />,
  };

  return (
    <Stack gap="lg" w="100%" maw={1000} mx="auto">
      <Group gap="md" wrap="nowrap">
        <ProfileAvatar user={user} size={64} radius={64} />
        <Stack gap={2} miw={0}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            My Profile
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.firstName} {user.lastName} · {user.email}
          </Text>
          <VerificationBadge status={user.verificationStatus} />
        </Stack>
      </Group>

      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'profile' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        {/* one row at every width: on a phone it scrolls sideways, the open tab brought into view */}
        <Tabs.List mb="md" ref={tabBar} style={TAB_BAR}>
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value }) => (
          <Tabs.Panel key={value} value={value}>
            {panels[value]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
