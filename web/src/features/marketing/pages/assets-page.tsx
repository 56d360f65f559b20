import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { assets } from '../../../content/pages';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';

/** /assets: a placeholder until the list of instruments is published. */
export function AssetsPage() {
  return (
    <>
      <PageHeader title={assets.title} />
      <PageSection>
        <Stack align="flex-start" gap="md">
          <Text size="lg">{assets.text}</Text>
          <Button component={Link} to={paths.home}>
            {assets.cta}
          </Button>
        </Stack>
      </PageSection>
    </>
  );
}
