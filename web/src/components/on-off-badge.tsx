import { Badge } from '@mantine/core';

/** "On" (green dot) or "Off" (grey dot): whether a setting such as two-factor authentication is on. */
export function OnOffBadge({ on }: { on: boolean }) {
  return (
    <Badge variant="dot" color={on ? 'green' : 'gray'} miw="max-content">
      {on ? 'On' : 'Off'}
    </Badge>
  );
}
