import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageGate, decodeOptions, ImagesBusyError, readImageHeader } from './images.js';

describe('readImageHeader', () => {
  it('when a 7000x7000 WebP of a few KB is read, then its dimensions come from the header, and garbage gives undefined', async () => {
    const webp = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#123456' } }).webp({ quality: 10 }).toBuffer();
    expect(readImageHeader(webp)).toEqual({ type: 'webp', width: 7000, height: 7000 });
    expect(readImageHeader(Buffer.from('not an image at all'))).toBeUndefined();
  });

  it('when a header lies about a smaller size, then the decode is still refused by the pixel limit', async () => {
    const png = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(sharp(png, decodeOptions(1_000_000)).raw().toBuffer()).rejects.toThrow(/pixel limit/i);
  });
});

describe('createImageGate', () => {
  it('when more decodes wait than the queue allows, then the next is refused at once with 503 and Retry-After, and places free up', async () => {
    const gate = createImageGate({ concurrency: 1, queue: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = gate.run(async () => {
      await held;
      order.push('first');
    });
    const second = gate.run(async () => {
      order.push('second');
    });
    expect([gate.active, gate.waiting]).toEqual([1, 1]);
    const third = gate.run(async () => order.push('third'));
    await expect(third).rejects.toBeInstanceOf(ImagesBusyError);
    await expect(third).rejects.toMatchObject({ status: 503, code: 'REQUEST.BUSY', retryAfterSeconds: 5 });
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    await gate.run(async () => order.push('fourth'));
    expect(order).toEqual(['first', 'second', 'fourth']);
  });
});
