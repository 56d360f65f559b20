import { Alert, Button, Center, Image, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { proofImage } from '../api';

/** Fetches the proof with the admin's token and shows it from an object URL, released on close. */
function ProofImage({ depositId }: { depositId: string }) {
  const [src, setSrc] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let url: string | undefined;
    let live = true;
    proofImage(depositId).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      (e: unknown) => live && setError(errorMessage(e, 'The image could not be loaded')),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [depositId]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!src) {
    return (
      <Center mih={200}>
        <Loader aria-label="Loading image" />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt="Proof of payment, full size"
      fit="contain"
      w="auto"
      maw="min(calc(100vw - 4.5rem), 1400px)"
      mah="78vh"
    />
  );
}

/** "View proof": opens a deposit's proof image full size in a modal. */
export function ProofButton({ depositId }: { depositId: string }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconPhoto size={14} aria-hidden />}
        onClick={modal.open}
      >
        View proof
      </Button>
      <Modal
        opened={opened}
        onClose={modal.close}
        title="Proof of payment"
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <ProofImage depositId={depositId} />
      </Modal>
    </>
  );
}
