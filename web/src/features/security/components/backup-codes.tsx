import { Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { brand } from '../../../content/brand';
import { ShownOnceAlert } from '../../../components/shown-once-alert';
import { saveBlob } from '../../../lib/save-blob';

/** The text of the copied and downloaded codes: a heading, one code a line. */
function codesText(codes: string[]): string {
  return [
    `${brand.name}: two-factor backup codes`,
    'Each code signs you in once when your authenticator app is not at hand.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The 10 backup codes of a new two-factor set-up, shown once: a numbered list with Copy (to the
 * clipboard) and Download (a .txt file) buttons, and a warning to keep them now.
 */
export function BackupCodes({ codes }: { codes: string[] }) {
  const text = codesText(codes);
  return (
    <Stack gap="sm">
      <ShownOnceAlert title="Save these codes now">
        They will not be shown again. Each one works once, in place of a code from the app, if you lose your
        phone.
      </ShownOnceAlert>
      <SimpleGrid
        component="ol"
        aria-label="Backup codes"
        cols={2}
        spacing="xs"
        verticalSpacing={6}
        m={0}
        pl="lg"
        maw={420}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm" data-testid="backup-code">
              {code}
            </Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'backup-codes.txt')}
        >
          Download
        </Button>
      </Group>
    </Stack>
  );
}
