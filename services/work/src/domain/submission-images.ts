import type { Readable } from 'node:stream';
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { MAX_UPLOAD_IMAGE_PIXELS } from '@platform/contracts';
import { decodeOptions, readImageHeader } from '@platform/service-kit/images';
import { WORK_ERRORS } from './work.errors.js';

/**
 * Task submission images lose their metadata (issue 26 item 10), as identity images do: each is decoded and
 * encoded again without EXIF (GPS, camera, time), XMP, IPTC, ICC, comments or appended bytes, the EXIF orientation
 * applied to the pixels first. Before any of a submission's images is decoded, each one's header is read (image-size:
 * no pixels) and its dimensions checked against MAX_UPLOAD_IMAGE_PIXELS (25 MP).
 *
 * What each detected image type becomes: JPEG stays JPEG (quality 92), PNG stays PNG (same pixels), WebP stays
 * WebP, GIF becomes PNG (its first frame), AVIF, TIFF and HEIC/HEIF become JPEG. Any other image type (BMP, ICO,
 * JPEG XL, PSD...) is refused: its metadata could not be removed.
 * Videos are stored as sent: this service has no video remuxer, so a video keeps its metadata and is flagged
 * (`metadataKept`), which the admin's review shows as a note.
 */
export type TImagePlan = { output: 'jpeg' | 'png' | 'webp'; heic: boolean };

const PLANS: Record<string, TImagePlan> = {
  'image/jpeg': { output: 'jpeg', heic: false },
  'image/png': { output: 'png', heic: false },
  'image/webp': { output: 'webp', heic: false },
  'image/gif': { output: 'png', heic: false },
  'image/avif': { output: 'jpeg', heic: false },
  'image/tiff': { output: 'jpeg', heic: false },
  'image/heic': { output: 'jpeg', heic: true },
  'image/heif': { output: 'jpeg', heic: true },
};

export const OUTPUT_TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;

/** Judges an image from its first bytes (its header) without decoding it; returns how it will be re-encoded. */
export function checkSubmissionImage(mime: string, head: Buffer): TImagePlan {
  const plan = PLANS[mime];
  if (!plan) throw WORK_ERRORS.imageTypeNotSupported();
  const header = readImageHeader(head);
  if (!header) throw WORK_ERRORS.imageUnreadable();
  if (header.width * header.height > MAX_UPLOAD_IMAGE_PIXELS) throw WORK_ERRORS.imageTooManyPixels();
  return plan;
}

function encode(image: Sharp, output: TImagePlan['output']): Sharp {
  if (output === 'png') return image.png({ compressionLevel: 9 });
  if (output === 'webp') return image.webp({ quality: 92 });
  return image.jpeg({ quality: 92 });
}

/**
 * The image re-encoded without metadata, as a stream (sharp with the pixel limit; errors become 400 "could not be
 * read"). HEIC is decoded whole by libheif's WebAssembly build first (the prebuilt libvips has no HEVC decoder).
 */
export async function cleanedImageStream(plan: TImagePlan, source: Readable): Promise<Readable> {
  if (plan.heic) {
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(chunk as Buffer);
    const input = Buffer.concat(chunks);
    let decoded: Awaited<ReturnType<typeof decodeHeic>>;
    try {
      decoded = await decodeHeic({ buffer: new Uint8Array(input.buffer, input.byteOffset, input.byteLength) });
    } catch {
      throw WORK_ERRORS.imageUnreadable();
    }
    if (decoded.width * decoded.height > MAX_UPLOAD_IMAGE_PIXELS) throw WORK_ERRORS.imageTooManyPixels();
    const pixels = Buffer.from(decoded.data instanceof ArrayBuffer ? decoded.data : decoded.data.buffer);
    return encode(sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_UPLOAD_IMAGE_PIXELS }), plan.output);
  }
  const transformer = encode(sharp(decodeOptions(MAX_UPLOAD_IMAGE_PIXELS)).rotate(), plan.output);
  source.on('error', (error) => transformer.destroy(error));
  return source.pipe(transformer);
}
