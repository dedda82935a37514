import { fileTypeFromBuffer } from 'file-type';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import {
  MAX_UPLOAD_IMAGE_PIXELS,
  MAX_VERIFICATION_IMAGE_BYTES,
  MIN_VERIFICATION_IMAGE_SIDE,
  type TVerificationFileField,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit';
import { decodeOptions, readImageHeader, type TImageGate } from '@platform/service-kit/images';
import { AUTH_ERRORS } from './auth.errors.js';

/** What an identity image becomes before it is encrypted: re-encoded pixels, no metadata. */
export interface TCleanImage {
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/** An identity image whose type and dimensions were read from its header (nothing decoded yet). */
export interface TCheckedImage {
  field: TVerificationFileField;
  input: Buffer;
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';
}

const HEADER_TYPES: Record<string, TCheckedImage['mime']> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/heic' };

/**
 * Checks an uploaded identity image BY ITS CONTENT without decoding it (the name and the declared type are
 * ignored): at most 10 MB; the signature (file-type) JPEG, PNG, WebP or HEIC/HEIF; the header (image-size) of the
 * same format, its dimensions at least 300 px on the short side and at most MAX_UPLOAD_IMAGE_PIXELS (25 MP).
 * Both images of an application pass this before either is decoded (a 7000x7000 selfie costs a header read).
 */
export async function checkIdentityImage(field: TVerificationFileField, input: Buffer): Promise<TCheckedImage> {
  if (input.length > MAX_VERIFICATION_IMAGE_BYTES) throw AUTH_ERRORS.imageTooLarge(field);
  const type = await fileTypeFromBuffer(input);
  const signature = type?.mime as string | undefined;
  const mime = signature === 'image/heif' ? 'image/heic' : signature;
  if (mime !== 'image/jpeg' && mime !== 'image/png' && mime !== 'image/webp' && mime !== 'image/heic') throw AUTH_ERRORS.notAnImage(field);
  const header = readImageHeader(input);
  if (!header || HEADER_TYPES[header.type] !== mime) throw AUTH_ERRORS.imageUnreadable(field);
  checkSides(field, header.width, header.height);
  return { field, input, mime };
}

/**
 * Decodes a checked identity image and returns it re-encoded without any metadata, one decode at a time per place
 * of the process's image gate (503 when too many wait), with libvips' pixel limit as a second guard:
 * - it is decoded and encoded again (sharp/libvips; HEIC through libheif's WebAssembly build, heic-decode, since
 *   the prebuilt libvips has no HEVC decoder), which drops EXIF (GPS, camera, time), XMP, IPTC, ICC and comments
 *   and anything appended to the file; the EXIF orientation is applied to the pixels first. JPEG stays JPEG
 *   (quality 92), PNG stays PNG (lossless: same pixels), WebP stays WebP, HEIC becomes JPEG.
 * Nothing is written anywhere: the buffer stays in memory until it is encrypted.
 */
export async function cleanIdentityImage(gate: TImageGate, checked: TCheckedImage): Promise<TCleanImage> {
  const { field, input, mime } = checked;
  return gate.run(async () => {
    try {
      if (mime === 'image/heic') return await fromHeic(field, input);
      const image = sharp(input, decodeOptions(MAX_UPLOAD_IMAGE_PIXELS)).rotate();
      const meta = await image.metadata();
      checkSides(field, meta.width, meta.height);
      const encoded =
        mime === 'image/jpeg' ? image.jpeg({ quality: 92 }) : mime === 'image/png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 92 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data, mimeType: mime, width: info.width, height: info.height };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw AUTH_ERRORS.imageUnreadable(field);
    }
  });
}

function checkSides(field: TVerificationFileField, width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw AUTH_ERRORS.imageUnreadable(field);
  if (width * height > MAX_UPLOAD_IMAGE_PIXELS) throw AUTH_ERRORS.imageTooManyPixels(field);
  if (Math.min(width, height) < MIN_VERIFICATION_IMAGE_SIDE) throw AUTH_ERRORS.imageTooSmall(field);
}

async function fromHeic(field: TVerificationFileField, input: Buffer): Promise<TCleanImage> {
  const decoded = await decodeHeic({ buffer: new Uint8Array(input.buffer, input.byteOffset, input.byteLength) });
  checkSides(field, decoded.width, decoded.height);
  const pixels = Buffer.from(decoded.data instanceof ArrayBuffer ? decoded.data : decoded.data.buffer);
  const { data, info } = await sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_UPLOAD_IMAGE_PIXELS })
    .jpeg({ quality: 92 })
    .toBuffer({ resolveWithObject: true });
  return { data, mimeType: 'image/jpeg', width: info.width, height: info.height };
}
