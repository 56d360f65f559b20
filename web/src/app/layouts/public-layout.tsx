/**
 * Layout of the public site: skip link, demo ribbon, top bar (Sign Up and Login, or "My account"
 * and Sign out when a session is stored) with the translation element, main
 * menu (a drawer behind a burger on phones), page, footer with risk warning, the bonus offer
 * (bonus-badge.tsx) and the market ticker tape fixed to the bottom.
 *
 * Keyboard: "Skip to main content" is the first Tab stop and moves focus to the main landmark
 * (WCAG 2.4.1). The phone drawer closed by Escape, its close button or a click beside it gives
 * focus back to the burger; closed by following one of its links, focus goes to the new page's h1
 * (hooks/use-route-focus.ts) and is not pulled back to the burger (WCAG 2.4.3). A closed drawer
 * leaves no links in the page.
 *
 * The ticker fails quietly: it stays hidden while it loads, shows (and the page keeps its height
 * free at the bottom) once loaded, and leaves nothing, not even a gap, when the charting provider
 * cannot be reached.
 */
import {
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import type { PublicUser } from '@common/types';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ExternalEmbed, type EmbedStatus } from '../../components/external-embed';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { ADMIN_HOME } from '../../features/auth/landing';
import { useSignout } from '../../hooks/use-signout';
import { useHydratedSession } from '../../lib/session';
import { brand } from '../../content/brand';
import { chartingProvider } from '../../content/markets';
import { tickerSymbols, translation } from '../../content/site';
import { tradingViewWidget, translateElement } from '../../lib/embeds';
import { paths } from '../../config/paths';
import { BonusStrip, FloatingBonusBadge } from './bonus-badge';
import { DocumentsButton } from './documents-button';
import { CONTACT_LINK, DOCUMENT_LINKS, MAIN_LINKS, USEFUL_LINKS, type MenuLink } from './public-links';

const DocumentsMenu = lazy(() => import('./documents-menu').then((m) => ({ default: m.DocumentsMenu })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/** Height of the ticker tape fixed to the bottom; while it shows, the page keeps this much room free below it. */
const TICKER_HEIGHT = 46;
/** Gap between the floating bonus badge and the window's bottom (or the ticker tape), in px. */
const BADGE_GAP = 12;
/** Room kept below the footer's last line from 768 px while the floating badge shows, so it covers none of it. */
const BADGE_ROOM = 96;
const loadTranslation = translateElement(translation.pageLanguage, translation.languages);
const loadTicker = tradingViewWidget('ticker-tape', {
  symbols: tickerSymbols,
  showSymbolLogo: true,
  colorTheme: 'dark',
  isTransparent: false,
  displayMode: 'compact',
  locale: 'en',
});

function DemoRibbon() {
  if (!brand.isDemoBrand) return null;
  return (
    <Box bg="yellow.3" py={4} ta="center">
      <Text size="xs" fw={600} c="black">
        Demo site — not a real broker
      </Text>
    </Box>
  );
}

/** The page-translation element; shows the page language when its host is unreachable. */
function TranslationElement({ title }: { title: string }) {
  return (
    <Box w={150}>
      <ExternalEmbed title={title} load={loadTranslation} height={30} fallback="Language: English" />
    </Box>
  );
}

/** Where "My account" leads a signed-in visitor: the back office for staff, the account home for clients. */
function accountHome(user: PublicUser): string {
  return user.isAdmin ? ADMIN_HOME : paths.account.home;
}

/** Sign Up and Login for a visitor; "My account" and Sign out once a session is stored. */
function SessionButtons() {
  const { user } = useHydratedSession();
  const signout = useSignout();
  if (!user)
    return (
      <>
        <Button component={Link} to={paths.signup} size="compact-sm">
          Sign Up
        </Button>
        <Button component={Link} to={paths.signin} size="compact-sm" variant="default">
          Login
        </Button>
      </>
    );
  return (
    <>
      <Button component={Link} to={accountHome(user)} size="compact-sm">
        My account
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => signout.mutate()}
        disabled={signout.isPending}
      >
        Sign out
      </Button>
    </>
  );
}

function TopBar() {
  return (
    <Box bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg" py={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Anchor href={`mailto:${brand.supportEmail}`} size="xs" c="dimmed" visibleFrom="xs">
            {brand.supportEmail}
          </Anchor>
          <Group gap="xs" ml="auto" wrap="nowrap">
            <SessionButtons />
            <TranslationElement title="Translate this page" />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function MenuButton({ label, to }: MenuLink) {
  const current = useLocation().pathname === to;
  return (
    <Button
      component={Link}
      to={to}
      aria-current={current ? 'page' : undefined}
      variant={current ? 'light' : 'subtle'}
      color={current ? undefined : 'dark'}
      fw={500}
      px="sm"
    >
      {label}
    </Button>
  );
}

/**
 * The desktop main menu (hidden below `md`, where the burger shows). The Documents dropdown's code
 * loads once the page knows it is on a desktop (`loadDropdown`), so phones never download it; until
 * then a stand-in button shows, and a click on it opens the dropdown as soon as it has loaded.
 */
function DesktopMenu({ loadDropdown }: { loadDropdown: boolean }) {
  const [clicked, setClicked] = useState(false);
  const standIn = <DocumentsButton onClick={() => setClicked(true)} />;
  return (
    <Group component="nav" aria-label="Main" gap={4} visibleFrom="md">
      {MAIN_LINKS.map((link) => (
        <MenuButton key={link.label} {...link} />
      ))}
      {loadDropdown || clicked ? (
        <Suspense fallback={standIn}>
          <DocumentsMenu defaultOpened={clicked} />
        </Suspense>
      ) : (
        standIn
      )}
      <MenuButton {...CONTACT_LINK} />
    </Group>
  );
}

function FooterLinks({ title, links }: { title: string; links: MenuLink[] }) {
  return (
    <Stack gap={6}>
      <Title order={2} fz="sm" tt="uppercase">
        {title}
      </Title>
      {links.map((link) => (
        <Anchor key={link.label} component={Link} to={link.to} size="sm" c="dark">
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/** The footer; `roomForBadge` keeps its bottom free for the floating bonus badge to rest on. */
function Footer({ roomForBadge }: { roomForBadge: boolean }) {
  const { user } = useHydratedSession();
  // signed in: "My account" instead of Sign Up and Login
  const usefulLinks = user
    ? [
        ...USEFUL_LINKS.filter((l) => l.to !== paths.signup && l.to !== paths.signin),
        { label: 'My account', to: accountHome(user) },
      ]
    : USEFUL_LINKS;
  return (
    <Box
      component="footer"
      bg="gray.0"
      mt="auto"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg" pt="xl" pb={{ base: 'xl', sm: roomForBadge ? BADGE_ROOM : 'xl' }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <BrandLogo />
            <Text size="sm" c="dimmed">
              {brand.footerBlurb}
            </Text>
          </Stack>
          <FooterLinks title="Useful links" links={usefulLinks} />
          <FooterLinks title="Documents" links={DOCUMENT_LINKS} />
          <Stack gap={6}>
            <Title order={2} fz="sm" tt="uppercase">
              Support
            </Title>
            <Text size="sm">Write to us any time:</Text>
            <Anchor href={`mailto:${brand.supportEmail}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {brand.supportEmail}
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="xs" c="dimmed">
          <strong>Risk warning:</strong> {brand.riskWarning}
        </Text>
        <Group justify="space-between" mt="sm" gap="xs">
          {/* A page prerendered in an earlier year keeps that year until the footer re-renders */}
          <Text size="xs" c="dimmed" suppressHydrationWarning>
            © {new Date().getFullYear()} {brand.name}. All rights reserved.
          </Text>
          <TranslationElement title="Choose a language" />
        </Group>
      </Container>
    </Box>
  );
}

/**
 * The dark market ticker tape fixed to the bottom of the page: hidden (but loading) while
 * `status` is waiting, shown once ready, gone once failed. `onStatusChange` reports its status.
 */
function TickerTape({
  status,
  onStatusChange,
}: {
  status: EmbedStatus;
  onStatusChange: (status: EmbedStatus) => void;
}) {
  if (status === 'failed') return null;
  return (
    <Box
      pos="fixed"
      left={0}
      right={0}
      bottom={0}
      bg="#131722"
      data-surface="dark"
      style={{ zIndex: 140, visibility: status === 'ready' ? undefined : 'hidden' }}
    >
      <ExternalEmbed
        title="Market ticker"
        load={loadTicker}
        height={TICKER_HEIGHT}
        tone="dark"
        provider={chartingProvider}
        unavailable={null}
        onStatusChange={onStatusChange}
      />
    </Box>
  );
}

/** Layout of the public site: demo ribbon, top bar, main menu, page, footer, badge, ticker. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  const [tickerStatus, setTickerStatus] = useState<EmbedStatus>('waiting');
  // the bonus offer, closed for the page view it was closed on
  const [badgeClosedOn, setBadgeClosedOn] = useState<string | null>(null);
  const badgeOpen = badgeClosedOn !== pathname;
  const closeBadge = () => setBadgeClosedOn(pathname);
  const tickerRoom = tickerStatus === 'ready' ? TICKER_HEIGHT : 0;
  const [menuLoaded, setMenuLoaded] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // False while hydrating (the prerendered page cannot know the screen), then the real answer.
  const desktop = useMediaQuery('(min-width: 62em)');
  const toggleMenu = () => {
    setMenuLoaded(true);
    menu.toggle();
  };
  // Escape, the close button or a click beside the drawer: focus back on the burger that opened it
  const dismissMenu = () => {
    menu.close();
    burger.current?.focus();
  };

  return (
    <Box mih="100dvh" pb={tickerRoom} style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <DemoRibbon />
      <Box component="header">
        <TopBar />
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo />
            <DesktopMenu loadDropdown={desktop} />
            <Burger
              ref={burger}
              hiddenFrom="md"
              opened={menuOpened}
              onClick={toggleMenu}
              aria-label="Open menu"
              aria-expanded={menuOpened}
            />
          </Group>
        </Container>
      </Box>
      {badgeOpen && <BonusStrip onClose={closeBadge} />}
      {menuLoaded && !desktop && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onDismiss={dismissMenu} onFollowLink={menu.close} />
        </Suspense>
      )}
      <Box component="main" id={MAIN_ID} tabIndex={-1} px="md" style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer roomForBadge={badgeOpen} />
      {badgeOpen && <FloatingBonusBadge onClose={closeBadge} bottom={tickerRoom + BADGE_GAP} />}
      <TickerTape status={tickerStatus} onStatusChange={setTickerStatus} />
    </Box>
  );
}
