import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of identity images (AES-256-GCM). Each image gets its own random 256-bit data key; the data
 * key is wrapped (AES-256-GCM too) by the master key from the environment and only the wrapped key is stored,
 * beside the key's fingerprint (key id). Rotating the master key re-wraps the data keys only: the images are not
 * touched (see scripts/rotate-verification-key.ts).
 */

export interface TMasterKey {
  /** The first 16 hex characters of SHA-256 of the key: names the key without revealing it. */
  id: string;
  key: Buffer;
}

/** The current master key (wraps new data keys) and older ones still accepted for unwrapping. */
export interface TKeyRing {
  current: TMasterKey;
  all: ReadonlyMap<string, TMasterKey>;
}

export interface TSealedImage {
  keyId: string;
  /** iv (12) | tag (16) | encrypted data key (32). */
  wrappedKey: Buffer;
  iv: Buffer;
  authTag: Buffer;
  ciphertext: Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function masterKeyOf(base64: string): TMasterKey {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32) throw new Error('A verification master key must be 32 bytes, base64-encoded (openssl rand -base64 32)');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

export function buildKeyRing(currentBase64: string, olderBase64: readonly string[] = []): TKeyRing {
  const current = masterKeyOf(currentBase64);
  const all = new Map<string, TMasterKey>([[current.id, current]]);
  for (const older of olderBase64) {
    const key = masterKeyOf(older);
    if (!all.has(key.id)) all.set(key.id, key);
  }
  return { current, all };
}

function gcmEncrypt(key: Buffer, plain: Buffer, aad: string): { iv: Buffer; tag: Buffer; data: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

function gcmDecrypt(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** Wraps a data key with a master key; `context` (the image's identity) is bound as associated data. */
export function wrapDataKey(master: TMasterKey, dataKey: Buffer, context: string): Buffer {
  const { iv, tag, data } = gcmEncrypt(master.key, dataKey, `key:${context}`);
  return Buffer.concat([iv, tag, data]);
}

export function unwrapDataKey(master: TMasterKey, wrapped: Buffer, context: string): Buffer {
  return gcmDecrypt(master.key, wrapped.subarray(0, IV_BYTES), wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES), wrapped.subarray(IV_BYTES + TAG_BYTES), `key:${context}`);
}

/**
 * Encrypts an image under a fresh data key wrapped by the ring's current master key. `context` (e.g.
 * "<verificationId>/selfie") is authenticated, so a ciphertext moved to another row does not decrypt.
 */
export function sealImage(ring: TKeyRing, plain: Buffer, context: string): TSealedImage {
  const dataKey = randomBytes(32);
  try {
    const { iv, tag, data } = gcmEncrypt(dataKey, plain, `image:${context}`);
    return { keyId: ring.current.id, wrappedKey: wrapDataKey(ring.current, dataKey, context), iv, authTag: tag, ciphertext: data };
  } finally {
    dataKey.fill(0);
  }
}

export function openImage(ring: TKeyRing, sealed: TSealedImage, context: string): Buffer {
  const master = ring.all.get(sealed.keyId);
  if (!master) throw new Error(`The master key ${sealed.keyId} that wrapped this image's key is not configured (VERIFICATION_MASTER_KEY / VERIFICATION_OLD_MASTER_KEYS)`);
  const dataKey = unwrapDataKey(master, sealed.wrappedKey, context);
  try {
    return gcmDecrypt(dataKey, sealed.iv, sealed.authTag, sealed.ciphertext, `image:${context}`);
  } finally {
    dataKey.fill(0);
  }
}

/** Re-wraps a data key under the ring's current master key (rotation); the image's ciphertext is unchanged. */
export function rewrapDataKey(ring: TKeyRing, sealed: Pick<TSealedImage, 'keyId' | 'wrappedKey'>, context: string): { keyId: string; wrappedKey: Buffer } {
  const master = ring.all.get(sealed.keyId);
  if (!master) throw new Error(`The master key ${sealed.keyId} is not configured; pass it in VERIFICATION_OLD_MASTER_KEYS to rotate`);
  const dataKey = unwrapDataKey(master, sealed.wrappedKey, context);
  try {
    return { keyId: ring.current.id, wrappedKey: wrapDataKey(ring.current, dataKey, context) };
  } finally {
    dataKey.fill(0);
  }
}
