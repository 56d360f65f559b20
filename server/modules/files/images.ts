/**
 * Uploaded images (deposit proofs now; profile pictures and identity documents later) arrive as
 * data URLs. They are size-checked BEFORE decoding, typed by their bytes (never by the declared
 * type or a name), and re-encoded with sharp, which strips metadata (EXIF GPS etc.) and refuses
 * truncated or corrupt images. Only PNG, JPEG and WebP pass.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MONEY_MSG } from '@common/messages';
import { AppError } from '../../lib/errors';

export const IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ImageMime = keyof typeof IMAGE_TYPES;

export interface CleanImage {
  data: Buffer;
  mime: ImageMime;
  ext: (typeof IMAGE_TYPES)[ImageMime];
}

/** A decoded image larger than this many pixels is refused (decompression bombs). */
const MAX_PIXELS = 40_000_000;
const HEADER = /^data:[\w.+-]*\/?[\w.+-]*(?:;[\w.+-]+=[\w.+-]+)*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The length of a data URL whose payload is `bytes` long, plus room for its header. */
export function maxDataUrlLength(bytes: number): number {
  return 4 * Math.ceil(bytes / 3) + 256;
}

/**
 * Decodes and cleans an image data URL of at most `maxBytes`.
 * Throws AppError 413 (`tooLarge`) when it is bigger — judged from the string length first, so an
 * oversized upload is never decoded — and 400 when it is not a readable PNG, JPEG or WebP image.
 */
export async function readImageDataUrl(dataUrl: string, maxBytes: number, tooLarge: string): Promise<CleanImage> {
  if (dataUrl.length > maxDataUrlLength(maxBytes)) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  const header = HEADER.exec(dataUrl.slice(0, 256));
  const payload = header ? dataUrl.slice(header[0].length) : '';
  if (!header || !BASE64.test(payload)) throw new AppError('BAD_REQUEST', MONEY_MSG.imageType);
  const raw = Buffer.from(payload, 'base64');
  if (raw.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  const type = await fileTypeFromBuffer(raw);
  if (!type || !(type.mime in IMAGE_TYPES)) throw new AppError('BAD_REQUEST', MONEY_MSG.imageType);
  const mime = type.mime as ImageMime;
  try {
    const image = sharp(raw, { failOn: 'warning', limitInputPixels: MAX_PIXELS }).rotate();
    const encoded =
      mime === 'image/png' ? image.png() : mime === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.webp({ quality: 90 });
    return { data: await encoded.toBuffer(), mime, ext: IMAGE_TYPES[mime] };
  } catch {
    throw new AppError('BAD_REQUEST', MONEY_MSG.imageUnreadable);
  }
}

/** The content type of a stored image by its key's extension. */
export function mimeOfKey(key: string): ImageMime {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const found = Object.entries(IMAGE_TYPES).find(([, e]) => e === ext);
  if (!found) throw new Error(`not an image key: ${key}`);
  return found[0] as ImageMime;
}
