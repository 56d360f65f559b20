/**
 * The back office's review pages of one client's requests: /admin/deposits/:id,
 * /admin/crypto-withdrawals/:id and /admin/bank-withdrawals/:id (`?name=` the client's name). Each
 * lists the requests with their review actions (components/client-requests-page.tsx); the client's
 * own withdrawal forms are withdrawals/pages/crypto-withdrawal-form-page.tsx and bank-withdrawal-form-page.tsx.
 */
import { Code, Text } from '@mantine/core';
import type { PublicDeposit } from '@common/schemas/deposits';
import type { PublicBankWithdrawal, PublicCryptoWithdrawal } from '@common/schemas/withdrawals';
import type { Column } from '../../../components/paged-table';
import { ClientRequestsPage } from '../components/client-requests-page';
import { ProofButton } from '../components/proof-button';
import { walletLabel } from '../kinds';

/** A wallet address in full, wrapping anywhere instead of widening the table. */
const address = (value: string) => (
  <Code fz="xs" style={{ wordBreak: 'break-all' }}>
    {value}
  </Code>
);

/** A transaction hash, shortened; the whole hash is in its title. */
const hash = (value: string) => (
  <Code fz="xs" title={value}>
    {value.slice(0, 10)}…{value.slice(-6)}
  </Code>
);

const DEPOSIT_COLUMNS: Column<PublicDeposit>[] = [
  { header: 'Wallet', cell: (d) => walletLabel(d.wallet) },
  { header: 'Transaction hash', cell: (d) => (d.transactionHash ? hash(d.transactionHash) : '—') },
  { header: 'Proof', cell: (d) => <ProofButton depositId={d._id} /> },
];

const CRYPTO_COLUMNS: Column<PublicCryptoWithdrawal>[] = [
  { header: 'Wallet', cell: (w) => walletLabel(w.wallet) },
  { header: 'Address', cell: (w) => address(w.address) },
];

const BANK_COLUMNS: Column<PublicBankWithdrawal>[] = [
  {
    header: 'Bank',
    cell: (w) => (
      <>
        <Text size="sm" fw={600}>
          {w.bankName}
        </Text>
        <Text size="xs" c="dimmed">
          SWIFT {w.swift}
        </Text>
      </>
    ),
  },
  { header: 'Account name', cell: (w) => w.accountName },
  {
    header: 'Account / routing',
    cell: (w) =>
      w.iban ? (
        <Text size="sm">IBAN {w.iban}</Text>
      ) : (
        <>
          <Text size="sm">{w.accountNumber}</Text>
          <Text size="xs" c="dimmed">
            Routing {w.routing}
          </Text>
        </>
      ),
  },
];

/** /admin/deposits/:id?name= */
export function ClientDepositsPage() {
  return <ClientRequestsPage kind="deposit" title="Deposits" columns={DEPOSIT_COLUMNS} />;
}

/** /admin/crypto-withdrawals/:id?name= */
export function ClientCryptoWithdrawalsPage() {
  return <ClientRequestsPage kind="crypto-withdrawal" title="Crypto withdrawals" columns={CRYPTO_COLUMNS} />;
}

/** /admin/bank-withdrawals/:id?name= */
export function ClientBankWithdrawalsPage() {
  return <ClientRequestsPage kind="bank-withdrawal" title="Bank withdrawals" columns={BANK_COLUMNS} />;
}
