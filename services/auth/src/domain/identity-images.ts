import { fileTypeFromBuffer } from 'file-type';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { MAX_VERIFICATION_IMAGE_BYTES, MIN_VERIFICATION_IMAGE_SIDE, VERIFICATION_FIELD_LABELS, type TVerificationFileField } from '@platform/contracts';
import { AppError } from '@platform/service-kit';

/** What an identity image becomes before it is encrypted: re-encoded pixels, no metadata. */
export interface TCleanImage {
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/** The decoders refuse larger images (a decompression bomb is refused before its pixels are allocated). */
const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_ERRORS = {
  notAnImage: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.NOT_AN_IMAGE', 400, `${VERIFICATION_FIELD_LABELS[field]} must be an image file (JPEG, PNG, WebP or HEIC)`, undefined, field),
  tooLarge: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.IMAGE_TOO_LARGE', 413, `${VERIFICATION_FIELD_LABELS[field]} must be at most 10 MB`, undefined, field),
  tooSmall: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.IMAGE_TOO_SMALL', 400, `${VERIFICATION_FIELD_LABELS[field]} must be at least ${MIN_VERIFICATION_IMAGE_SIDE} pixels on its shorter side`, undefined, field),
  unreadable: (field: TVerificationFileField) =>
    new AppError('VERIFICATION.IMAGE_UNREADABLE', 400, `${VERIFICATION_FIELD_LABELS[field]} could not be read as an image; please take the photo again`, undefined, field),
};

/**
 * Checks an uploaded identity image BY ITS CONTENT (the name and the declared type are ignored) and returns it
 * re-encoded without any metadata:
 * - the bytes must be JPEG, PNG, WebP or HEIC/HEIF (file-type reads the signature), at most 10 MB;
 * - the decoded image must be at least 300 px on its short side;
 * - it is decoded and encoded again (sharp/libvips; HEIC through libheif's WebAssembly build, heic-decode, since
 *   the prebuilt libvips has no HEVC decoder), which drops EXIF (GPS, camera, time), XMP, IPTC, ICC and comments
 *   and anything appended to the file; the EXIF orientation is applied to the pixels first. JPEG stays JPEG
 *   (quality 92), PNG stays PNG (lossless: same pixels), WebP stays WebP, HEIC becomes JPEG.
 * Nothing is written anywhere: the buffer stays in memory until it is encrypted.
 */
export async function cleanIdentityImage(field: TVerificationFileField, input: Buffer): Promise<TCleanImage> {
  if (input.length > MAX_VERIFICATION_IMAGE_BYTES) throw IMAGE_ERRORS.tooLarge(field);
  const type = await fileTypeFromBuffer(input);
  const mime = type?.mime as string | undefined;
  try {
    if (mime === 'image/heic' || mime === 'image/heif') return await fromHeic(field, input);
    if (mime !== 'image/jpeg' && mime !== 'image/png' && mime !== 'image/webp') throw IMAGE_ERRORS.notAnImage(field);
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
    const meta = await image.metadata();
    checkSides(field, meta.width, meta.height);
    const encoded =
      mime === 'image/jpeg' ? image.jpeg({ quality: 92 }) : mime === 'image/png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 92 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, mimeType: mime, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw IMAGE_ERRORS.unreadable(field);
  }
}

function checkSides(field: TVerificationFileField, width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw IMAGE_ERRORS.unreadable(field);
  if (Math.min(width, height) < MIN_VERIFICATION_IMAGE_SIDE) throw IMAGE_ERRORS.tooSmall(field);
  if (width * height > MAX_INPUT_PIXELS) throw IMAGE_ERRORS.unreadable(field);
}

async function fromHeic(field: TVerificationFileField, input: Buffer): Promise<TCleanImage> {
  const decoded = await decodeHeic({ buffer: new Uint8Array(input.buffer, input.byteOffset, input.byteLength) });
  checkSides(field, decoded.width, decoded.height);
  const pixels = Buffer.from(decoded.data instanceof ArrayBuffer ? decoded.data : decoded.data.buffer);
  const { data, info } = await sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS })
    .jpeg({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  return { data, mimeType: 'image/jpeg', width: info.width, height: info.height };
}
