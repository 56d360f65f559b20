import { Center, Image, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

interface QrCodeProps {
  /** The text the code carries (an address, an `otpauth:` URI). */
  value: string;
  /** What the image is, for screen readers. */
  alt: string;
  /** Shown in the box when the code cannot be drawn (what to do instead). */
  fallback: string;
  /** Side in CSS pixels (default 200). */
  size?: number;
  /**
   * Drop the drawn image from the query cache as soon as the screen goes (a secret in `value`:
   * the two-factor set-up); kept for the session otherwise.
   */
  secret?: boolean;
}

/**
 * `value` as a QR code image drawn in the browser (the `qrcode` module loads only when a code is
 * first shown); a spinner while it draws and `fallback` when it cannot be drawn.
 */
export function QrCode({ value, alt, fallback, size = 200, secret = false }: QrCodeProps) {
  const qr = useQuery({
    queryKey: ['qr-code', value, size],
    queryFn: async () => {
      const { toDataURL } = await import('qrcode');
      return toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' });
    },
    staleTime: Infinity,
    ...(secret ? { gcTime: 0 } : {}),
  });
  if (qr.data) return <Image src={qr.data} alt={alt} w={size} h={size} radius="sm" />;
  return (
    <Center w={size} h={size} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
      {qr.isError ? (
        <Text size="sm" c="dimmed" ta="center" p="sm">
          {fallback}
        </Text>
      ) : (
        <Loader size="sm" aria-label="Drawing the QR code" />
      )}
    </Center>
  );
}
