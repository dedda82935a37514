import { imageSize } from 'image-size';
import pLimit from 'p-limit';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from './errors.js';

/**
 * Uploaded images, decoded safely (issue 26 item 1). A 7000x7000 WebP is 88 KB on the wire and 196 MB of pixels
 * once decoded, so nothing here trusts the byte size:
 * - `readImageHeader` reads the format and dimensions from the file's header only (image-size: no pixels are
 *   decoded, no memory is allocated for them). Callers check every image of a request this way BEFORE decoding any.
 * - `decodeOptions(maxPixels)` are the sharp options every decode uses: libvips' own pixel limit (a header that
 *   lies is still refused before the pixels are allocated), errors are errors, one frame only.
 * - `createImageGate` bounds the decodes of a process: at most `concurrency` at once, at most `queue` waiting; past
 *   that the request is answered 503 at once with Retry-After, instead of piling decoded images up in memory.
 * libvips' operation cache is turned off when the first gate is made (it would keep decoded images after use).
 */

export interface TImageHeader {
  /** image-size's name of the format: jpg, png, webp, heif, gif, tiff, ... */
  type: string;
  width: number;
  height: number;
}

/** The format and dimensions read from the header alone, or undefined when the header cannot be read. */
export function readImageHeader(input: Uint8Array): TImageHeader | undefined {
  try {
    const size = imageSize(input);
    if (!size.type || !size.width || !size.height) return undefined;
    return { type: size.type, width: size.width, height: size.height };
  } catch {
    return undefined;
  }
}

/** The sharp input options of every decode of an upload. */
export function decodeOptions(maxPixels: number): SharpOptions {
  return { limitInputPixels: maxPixels, failOn: 'error', animated: false, sequentialRead: true };
}

export interface TImageGate {
  /** Runs one decode when a place is free; throws 503 REQUEST.BUSY at once when `queue` decodes already wait. */
  run<T>(decode: () => Promise<T>): Promise<T>;
  /** Decodes running and waiting now (for tests and metrics). */
  readonly active: number;
  readonly waiting: number;
}

export interface TImageGateOptions {
  /** Decodes at once in this process. */
  concurrency: number;
  /** Decodes allowed to wait for a place; one more is refused. */
  queue: number;
}

export const IMAGE_GATE_RETRY_AFTER_SECONDS = 5;

export class ImagesBusyError extends AppError<'REQUEST.BUSY'> {
  readonly retryAfterSeconds = IMAGE_GATE_RETRY_AFTER_SECONDS;
  constructor() {
    super('REQUEST.BUSY', 503, 'Too many photos are being processed right now. Please try again in a few seconds.');
  }
}

let sharpConfigured = false;

export function createImageGate(options: TImageGateOptions): TImageGate {
  if (!sharpConfigured) {
    sharp.cache(false);
    sharpConfigured = true;
  }
  const concurrency = Math.max(1, options.concurrency);
  const limit = pLimit(concurrency);
  // Counted here (p-limit starts a task on a later tick): running and waiting decodes of this gate.
  let inFlight = 0;
  return {
    async run(decode) {
      if (inFlight >= concurrency + options.queue) throw new ImagesBusyError();
      inFlight += 1;
      try {
        return await limit(decode);
      } finally {
        inFlight -= 1;
      }
    },
    get active() {
      return Math.min(inFlight, concurrency);
    },
    get waiting() {
      return Math.max(0, inFlight - concurrency);
    },
  };
}
