import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import { Drawer, NavLink, Stack } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { brand } from '../../content/brand';
import { CONTACT_LINK, DOCUMENT_LINKS, MAIN_LINKS, type MenuLink } from './public-links';

/** The phone menu in a drawer; loaded the first time the burger is pressed. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
