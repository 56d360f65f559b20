import { Badge, Button, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconHeadset } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PROFILE_MSG } from '@common/messages';
import { paths } from '../../../config/paths';
import { CLIENT_TITLE_FZ, PageTitle } from '../../../components/page-title';
import { RiskWarning } from '../../../components/risk-warning';
import { tierLines, tradingAccounts, type TradingPackage } from '../../../content/packages';
import { useSession } from '../../../lib/session';
import { BorderedSection } from '../../../components/bordered-section';

/** The tiers a client can upgrade to (Bronze, Silver, Gold, Platinum; Starter is marketing only). */
const UPGRADE_TIERS = ['Bronze', 'Silver', 'Gold', 'Platinum'];
const PACKAGES = tradingAccounts.packages.filter((p) => UPGRADE_TIERS.includes(p.name));

/** /account/support with the message box pre-filled (the support page reads `?message=`). */
function supportLink(plan: string): string {
  return `${paths.account.support}?${new URLSearchParams({ message: PROFILE_MSG.upgradeRequest(plan) })}`;
}

function PackageCard({
  pkg,
  current,
  onChoose,
}: {
  pkg: TradingPackage;
  current: boolean;
  onChoose: () => void;
}) {
  const headingId = `package-${pkg.name.toLowerCase()}`;
  return (
    <BorderedSection aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Stack gap={4}>
          <Title order={2} fz="xl" id={headingId}>
            {pkg.name}
          </Title>
          {current && (
            <Badge variant="light" color="green">
              Your current plan
            </Badge>
          )}
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Minimum deposit
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {pkg.minimumDeposit}
          </Text>
        </Stack>
        <List size="sm" spacing={6} icon={<IconCheck size={16} aria-hidden />}>
          {tierLines(pkg).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Button mt="auto" onClick={onChoose} disabled={current} aria-label={`Upgrade to ${pkg.name}`}>
          {current ? 'Current plan' : 'Upgrade'}
        </Button>
      </Stack>
    </BorderedSection>
  );
}

/**
 * /account/upgrade-account: the Bronze, Silver, Gold and Platinum packages; choosing
 * one opens a dialog that sends the client to support with the request written out.
 */
export function UpgradeAccountPage() {
  const { user } = useSession();
  const [chosen, setChosen] = useState<string | null>(null);

  return (
    <Stack gap="lg" w="100%" maw={1200} mx="auto">
      <PageTitle
        title="Upgrade Account"
        description={tradingAccounts.upgradeIntro}
        fz={CLIENT_TITLE_FZ}
        gap="xs"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {PACKAGES.map((pkg) => (
          <PackageCard
            key={pkg.name}
            pkg={pkg}
            current={user?.account.accountPlan === pkg.name}
            onChoose={() => setChosen(pkg.name)}
          />
        ))}
      </SimpleGrid>
      <RiskWarning />

      <Modal
        opened={chosen !== null}
        onClose={() => setChosen(null)}
        title={chosen ? `Upgrade to ${chosen}` : 'Upgrade'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>{PROFILE_MSG.upgradeContactSupport}</Text>
          <Text size="sm" c="dimmed">
            Our team will confirm the requirements of the {chosen} package and upgrade your account.
          </Text>
          {chosen && (
            <Button
              component={Link}
              to={supportLink(chosen)}
              leftSection={<IconHeadset size={18} aria-hidden />}
            >
              Contact support
            </Button>
          )}
        </Stack>
      </Modal>
    </Stack>
  );
}
