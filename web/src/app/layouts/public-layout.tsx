/**
 * Layout of the public site (seed §2.1): demo ribbon, top bar with the translation element, main
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
  Drawer,
  Group,
  Menu,
  NavLink,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconFileText, IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ExternalEmbed } from '../../components/external-embed';
import { brand } from '../../content/brand';
import { bonusBadge, tickerSymbols, translation } from '../../content/site';
import { tradingViewWidget, translateElement } from '../../lib/embeds';
import { paths } from '../paths';

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

interface MenuLink {
  label: string;
  to: string;
}

/** Main menu before the Documents dropdown (seed §2.1); Contact follows it. */
const MAIN_LINKS: MenuLink[] = [
  { label: 'Home', to: paths.home },
  { label: 'About Us', to: paths.about },
  { label: 'Try A Demo', to: paths.signup },
  { label: 'FAQ', to: paths.faq },
];
const CONTACT_LINK: MenuLink = { label: 'Contact', to: paths.contact };
const DOCUMENT_LINKS: MenuLink[] = [
  { label: 'Terms and Conditions', to: paths.termsAndConditions },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Payment Policy', to: paths.paymentPolicy },
];
const USEFUL_LINKS: MenuLink[] = [
  ...MAIN_LINKS.filter((link) => link.to !== paths.signup),
  CONTACT_LINK,
  { label: 'Sign Up', to: paths.signup },
  { label: 'Login', to: paths.signin },
];

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

/** The page-translation element (seed §2.1); shows the page language when its host is unreachable. */
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

function DesktopMenu() {
  return (
    <Group component="nav" aria-label="Main" gap={4} visibleFrom="md">
      {MAIN_LINKS.map((link) => (
        <MenuButton key={link.label} {...link} />
      ))}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="dark"
            fw={500}
            px="sm"
            rightSection={<IconChevronDown size={16} aria-hidden />}
          >
            Documents
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {DOCUMENT_LINKS.map((link) => (
            <Menu.Item
              key={link.to}
              component={Link}
              to={link.to}
              leftSection={<IconFileText size={16} aria-hidden />}
            >
              {link.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <MenuButton {...CONTACT_LINK} />
    </Group>
  );
}

function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const item = (link: MenuLink) => (
    <NavLink key={link.label} component={Link} to={link.to} label={link.label} onClick={onClose} />
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={brand.name}
      size="xs"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack component="nav" aria-label="Main" gap={0}>
        {MAIN_LINKS.map(item)}
        <NavLink label="Documents" defaultOpened leftSection={<IconFileText size={16} aria-hidden />}>
          {DOCUMENT_LINKS.map(item)}
        </NavLink>
        {item(CONTACT_LINK)}
      </Stack>
    </Drawer>
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
          <Text size="xs" c="dimmed">
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

/** Layout of the public site (seed §2.1): demo ribbon, top bar, main menu, page, footer, badge, ticker. */
export function PublicLayout() {
  const [menuOpened, menu] = useDisclosure(false);

  return (
    <Box mih="100dvh" pb={TICKER_HEIGHT} style={{ display: 'flex', flexDirection: 'column' }}>
      <DemoRibbon />
      <Box component="header">
        <TopBar />
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo />
            <DesktopMenu />
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="md"
              aria-label="Open menu"
              aria-expanded={menuOpened}
            />
          </Group>
        </Container>
      </Box>
      <MobileMenu opened={menuOpened} onClose={menu.close} />
      <Box component="main" px="md" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <BonusBadge />
      <TickerTape />
    </Box>
  );
}
