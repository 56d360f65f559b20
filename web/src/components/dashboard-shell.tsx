import { AppShell, Box, Burger, Group, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from './brand-logo';

/** One sidebar entry. */
export interface ShellLink {
  label: string;
  to: string;
  icon: Icon;
}

interface DashboardShellProps {
  /** Where the brand mark leads. */
  homeTo: string;
  /** Accessible name of the sidebar's navigation landmark. */
  navLabel: string;
  links: ShellLink[];
  /** Right-hand side of the fixed header. */
  headerRight: ReactNode;
  /** Adds a second burger that folds the sidebar away on wide screens too. */
  collapsibleOnDesktop?: boolean;
  /** The main area's content: the route's page (`<Outlet />`) by default. */
  children?: ReactNode;
}

interface SidebarBurgerProps {
  opened: boolean;
  onToggle: () => void;
  label: string;
  /** The wide screens' burger (from the `sm` breakpoint); the phones' one otherwise. */
  wide?: boolean;
}

/** A burger that opens and closes the sidebar, saying whether it is open. */
function SidebarBurger({ opened, onToggle, label, wide = false }: SidebarBurgerProps) {
  return (
    <Burger
      opened={opened}
      onClick={onToggle}
      {...(wide ? { visibleFrom: 'sm' } : { hiddenFrom: 'sm' })}
      size="sm"
      aria-label={label}
      aria-expanded={opened}
    />
  );
}

/**
 * The signed-in areas' frame: fixed header, a 256 px sidebar that becomes a
 * burger-opened panel on small screens, and the page in the main area.
 */
export function DashboardShell({
  homeTo,
  navLabel,
  links,
  headerRight,
  collapsibleOnDesktop,
  children = <Outlet />,
}: DashboardShellProps) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <SidebarBurger opened={mobileOpened} onToggle={mobile.toggle} label="Toggle navigation" />
            {collapsibleOnDesktop && (
              <SidebarBurger opened={desktopOpened} onToggle={desktop.toggle} label="Toggle sidebar" wide />
            )}
            <Box visibleFrom="sm">
              <BrandLogo to={homeTo} />
            </Box>
          </Group>
          {headerRight}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={navLabel}>
        {links.map(({ label, to, icon: LinkIcon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<LinkIcon size={18} aria-hidden />}
            // filled: white on indigo 8, and on its darker hover, keeps AA contrast
            variant="filled"
            active={pathname === to || pathname.startsWith(`${to}/`)}
            onClick={mobile.close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
