/**
 * Layout of the public site: demo ribbon, top bar with the translation element, main
 * menu (a drawer behind a burger on phones), page, footer with risk warning, the floating bonus
 * badge and the market ticker tape fixed to the bottom.
 */
import {
  Anchor,
  Box,
  Burger,
  Button,
  CloseButton,
  Container,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconGift } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ExternalEmbed } from '../../components/external-embed';
import { brand } from '../../content/brand';
import { bonusBadge, tickerSymbols, translation } from '../../content/site';
import { tradingViewWidget, translateElement } from '../../lib/embeds';
import { paths } from '../paths';
import { DocumentsButton } from './documents-button';
import { CONTACT_LINK, DOCUMENT_LINKS, MAIN_LINKS, USEFUL_LINKS, type MenuLink } from './public-links';

const DocumentsMenu = lazy(() => import('./documents-menu').then((m) => ({ default: m.DocumentsMenu })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/** Height of the ticker tape fixed to the bottom; the page keeps this much room free below it. */
const TICKER_HEIGHT = 46;
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

function TopBar() {
  return (
    <Box bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg" py={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Anchor href={`mailto:${brand.supportEmail}`} size="xs" c="dimmed" visibleFrom="xs">
            {brand.supportEmail}
          </Anchor>
          <Group gap="xs" ml="auto" wrap="nowrap">
            <Button component={Link} to={paths.signup} size="compact-sm">
              Sign Up
            </Button>
            <Button component={Link} to={paths.signin} size="compact-sm" variant="default">
              Login
            </Button>
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

function Footer() {
  return (
    <Box
      component="footer"
      bg="gray.0"
      mt="auto"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <BrandLogo />
            <Text size="sm" c="dimmed">
              {brand.footerBlurb}
            </Text>
          </Stack>
          <FooterLinks title="Useful links" links={USEFUL_LINKS} />
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

/** The floating bonus badge; closing it hides it for the current page view. */
function BonusBadge() {
  const { pathname } = useLocation();
  const [closedOn, setClosedOn] = useState<string | null>(null);
  if (closedOn === pathname) return null;
  return (
    <Paper
      component="aside"
      aria-label="Bonus offer"
      shadow="lg"
      withBorder
      p="xs"
      pos="fixed"
      right={12}
      bottom={TICKER_HEIGHT + 12}
      maw="calc(100vw - 24px)"
      style={{ zIndex: 150 }}
    >
      <Group gap="xs" wrap="nowrap">
        <IconGift size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text size="sm" fw={600} maw={150} lh={1.3}>
          {bonusBadge.text}
        </Text>
        <Button component={Link} to={paths.signup} size="compact-sm">
          {bonusBadge.action}
        </Button>
        <CloseButton size="sm" aria-label={bonusBadge.closeLabel} onClick={() => setClosedOn(pathname)} />
      </Group>
    </Paper>
  );
}

/** The dark market ticker tape fixed to the bottom of the page. */
function TickerTape() {
  return (
    <Box pos="fixed" left={0} right={0} bottom={0} bg="#131722" style={{ zIndex: 140 }}>
      <ExternalEmbed title="Market ticker" load={loadTicker} height={TICKER_HEIGHT} tone="dark" />
    </Box>
  );
}

/** Layout of the public site: demo ribbon, top bar, main menu, page, footer, badge, ticker. */
export function PublicLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // False while hydrating (the prerendered page cannot know the screen), then the real answer.
  const desktop = useMediaQuery('(min-width: 62em)');
  const toggleMenu = () => {
    setMenuLoaded(true);
    menu.toggle();
  };

  return (
    <Box mih="100dvh" pb={TICKER_HEIGHT} style={{ display: 'flex', flexDirection: 'column' }}>
      <DemoRibbon />
      <Box component="header">
        <TopBar />
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo />
            <DesktopMenu loadDropdown={desktop} />
            <Burger
              hiddenFrom="md"
              opened={menuOpened}
              onClick={toggleMenu}
              aria-label="Open menu"
              aria-expanded={menuOpened}
            />
          </Group>
        </Container>
      </Box>
      {menuLoaded && !desktop && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
      <Box component="main" px="md" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <BonusBadge />
      <TickerTape />
    </Box>
  );
}
