import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Menu } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DOCUMENT_LINKS } from './public-links';
import { DocumentsButton } from './documents-button';

/**
 * The desktop Documents dropdown; a module of its own so phones never download it.
 * `defaultOpened` opens it at once (its stand-in button was clicked while it loaded).
 */
export function DocumentsMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  return (
    <Menu
      position="bottom-start"
      withinPortal
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <DocumentsButton />
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
  );
}
