import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildKeyRing, openImage, rewrapDataKey, sealImage } from './envelope-crypto.js';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');

describe('envelope encryption of identity images', () => {
  it('when an image is sealed, then the ciphertext is not the image, each seal uses its own data key, and it opens to the same bytes', () => {
    const ring = buildKeyRing(keyA);
    const image = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1000)]);
    const one = sealImage(ring, image, 'v1/selfie');
    const two = sealImage(ring, image, 'v1/selfie');
    expect(one.ciphertext.includes(image.subarray(0, 4))).toBe(false);
    expect(one.wrappedKey.equals(two.wrappedKey)).toBe(false);
    expect(openImage(ring, one, 'v1/selfie').equals(image)).toBe(true);
  });

  it('when the context, the tag or the master key differ, then it does not open', () => {
    const ring = buildKeyRing(keyA);
    const sealed = sealImage(ring, Buffer.from('secret image'), 'v1/selfie');
    expect(() => openImage(ring, sealed, 'v1/document')).toThrow();
    expect(() => openImage(ring, { ...sealed, authTag: randomBytes(16) }, 'v1/selfie')).toThrow();
    expect(() => openImage(buildKeyRing(keyB), sealed, 'v1/selfie')).toThrow(/not configured/);
  });

  it('when the master key rotates, then the re-wrapped data key opens the unchanged ciphertext under the new key only', () => {
    const old = buildKeyRing(keyA);
    const sealed = sealImage(old, Buffer.from('secret image'), 'v1/selfie');
    const rotating = buildKeyRing(keyB, [keyA]);
    const rewrapped = rewrapDataKey(rotating, sealed, 'v1/selfie');
    expect(rewrapped.keyId).toBe(rotating.current.id);
    expect(openImage(buildKeyRing(keyB), { ...sealed, ...rewrapped }, 'v1/selfie').toString()).toBe('secret image');
  });
});
