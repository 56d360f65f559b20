/**
 * Uploaded images (deposit proofs, profile pictures, identity documents) arrive as data URLs. They
 * are size-checked BEFORE decoding, typed by their bytes (never by the declared type or a name), and
 * re-encoded with sharp, which strips metadata (EXIF GPS etc.) and refuses truncated or corrupt
 * images. PNG, JPEG and WebP pass by default; a caller may narrow that (profile pictures and identity
 * documents: PNG and JPEG only).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MONEY_MSG } from '@common/messages';
import { AppError } from '../../lib/errors';

export const IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ImageMime = keyof typeof IMAGE_TYPES;

/**
 * What an upload that `readImageDataUrl` checks may answer (for the OpenAPI document's
 * per-operation codes): over its size (413, also for a body over the route's limit: `tooLargeAs`),
 * not an image of the accepted types, unreadable (400).
 */
export const IMAGE_CODES = ['file_too_large', 'image_type', 'image_unreadable'] as const;

/** What a caller accepts, and the messages it answers with, when not every image type will do. */
export interface ImageRules {
  /** Accepted types, judged by the bytes; every key of IMAGE_TYPES by default. */
  types?: readonly ImageMime[];
  /** 400 message when the bytes are not one of `types` (or not a data URL). */
  typeMessage?: string;
  /** 400 message when an accepted type cannot be decoded (truncated, corrupt, too many pixels). */
  unreadableMessage?: string;
}

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
 * oversized upload is never decoded — and 400 when it is not a readable image of `rules.types`.
 */
export async function readImageDataUrl(
  dataUrl: string,
  maxBytes: number,
  tooLarge: string,
  rules: ImageRules = {},
): Promise<CleanImage> {
  const typeMessage = rules.typeMessage ?? MONEY_MSG.imageType;
  const accepted: readonly string[] = rules.types ?? Object.keys(IMAGE_TYPES);
  if (dataUrl.length > maxDataUrlLength(maxBytes)) throw new AppError('file_too_large', tooLarge);
  const header = HEADER.exec(dataUrl.slice(0, 256));
  const payload = header ? dataUrl.slice(header[0].length) : '';
  if (!header || !BASE64.test(payload)) throw new AppError('image_type', typeMessage);
  const raw = Buffer.from(payload, 'base64');
  if (raw.length > maxBytes) throw new AppError('file_too_large', tooLarge);
  const type = await fileTypeFromBuffer(raw);
  if (!type || !accepted.includes(type.mime)) throw new AppError('image_type', typeMessage);
  const mime = type.mime as ImageMime;
  try {
    const image = sharp(raw, { failOn: 'warning', limitInputPixels: MAX_PIXELS }).rotate();
    const encoded =
      mime === 'image/png'
        ? image.png()
        : mime === 'image/jpeg'
          ? image.jpeg({ quality: 90 })
          : image.webp({ quality: 90 });
    return { data: await encoded.toBuffer(), mime, ext: IMAGE_TYPES[mime] };
  } catch {
    throw new AppError('image_unreadable', rules.unreadableMessage ?? MONEY_MSG.imageUnreadable);
  }
}

/** The content type of a stored image by its key's extension. */
export function mimeOfKey(key: string): ImageMime {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const found = Object.entries(IMAGE_TYPES).find(([, e]) => e === ext);
  if (!found) throw new Error(`not an image key: ${key}`);
  return found[0] as ImageMime;
}
