import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import { Drawer, NavLink, Stack } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { brand } from '../../content/brand';
import { focusPageHeading } from '../../hooks/use-route-focus';
import { CONTACT_LINK, DOCUMENT_LINKS, MAIN_LINKS, type MenuLink } from './public-links';

interface MobileMenuProps {
  opened: boolean;
  /** Closed by Escape, the close button or a click beside it: closes and puts focus back on the opener. */
  onDismiss: () => void;
  /** Closed by following a link: closes only, the new page's h1 takes focus (hooks/use-route-focus.ts). */
  onFollowLink: () => void;
}

/**
 * The phone menu in a drawer; loaded the first time the burger is pressed. Mantine's own focus
 * return is off: it would put focus back on the burger after a link was followed too, and the
 * layout returns it itself on a dismissal (public-layout.tsx). A closed drawer unmounts its links.
 */
export function MobileMenu({ opened, onDismiss, onFollowLink }: MobileMenuProps) {
  const { pathname } = useLocation();
  const item = (link: MenuLink) => (
    <NavLink
      key={link.label}
      component={Link}
      to={link.to}
      label={link.label}
      aria-current={link.to === pathname ? 'page' : undefined}
      onClick={() => {
        onFollowLink();
        // the same page again: no route change moves focus, and the link is about to go away
        if (link.to === pathname) focusPageHeading();
      }}
    />
  );
  return (
    <Drawer
      opened={opened}
      onClose={onDismiss}
      returnFocus={false}
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
