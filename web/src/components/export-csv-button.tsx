import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../lib/api-client';
import { notifyError } from '../lib/notify';
import { BusyButton } from './busy-button';

interface ExportCsvButtonProps {
  /** Fetches the CSV with the session's token and hands it to the browser (saveBlob). */
  download: () => Promise<void>;
  /** The error toast's text when the server gives none. */
  failure: string;
}

/** "Export CSV" above a table: reads "Loading..." while the file downloads, toasts a failure. */
export function ExportCsvButton({ download, failure }: ExportCsvButtonProps) {
  const exportCsv = useMutation({
    mutationFn: download,
    onError: (error) => notifyError(errorMessage(error, failure)),
  });
  return (
    <BusyButton
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => exportCsv.mutate()}
      busy={exportCsv.isPending}
    >
      Export CSV
    </BusyButton>
  );
}
