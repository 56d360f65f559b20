import { AppShell, Box, Burger, Group, NavLink } from '@mantine/core';
import { useDisclosure, useMediaQuery, useReducedMotion } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from './brand-logo';
import { focusPageHeading } from '../hooks/use-route-focus';
import { MAIN_ID, SkipLink } from './skip-link';

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
  ref?: Ref<HTMLButtonElement>;
}

/** A burger that opens and closes the sidebar, saying whether it is open. */
function SidebarBurger({ opened, onToggle, label, wide = false, ref }: SidebarBurgerProps) {
  return (
    <Burger
      ref={ref}
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
 * The signed-in areas' frame: a skip link, fixed header, a 256 px sidebar that becomes a
 * burger-opened panel on small screens, and the page in the main area. A closed sidebar is inert
 * (its links leave the Tab order and the accessibility tree); Escape closes the phone panel and
 * focus returns to its burger (WCAG 2.4.3, 2.4.11).
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
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const burger = useRef<HTMLButtonElement>(null);
  // the sidebar opens and closes (and follows a resize) without sliding for a user who asks for
  // reduced motion (WCAG 2.3.3), as the theme's dialogs do
  const reducedMotion = useReducedMotion();
  const closed = wide ? collapsibleOnDesktop === true && !desktopOpened : !mobileOpened;

  useEffect(() => {
    if (!mobileOpened || wide) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      mobile.close();
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpened, wide, mobile]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
      transitionDuration={reducedMotion ? 0 : 200}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <SidebarBurger
              ref={burger}
              opened={mobileOpened}
              onToggle={mobile.toggle}
              label="Toggle navigation"
            />
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
      <AppShell.Navbar p="sm" aria-label={navLabel} inert={closed}>
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
            onClick={() => {
              mobile.close();
              // the same page again: no route change moves focus, and the link is about to go inert
              if (!wide && to === pathname) focusPageHeading();
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
