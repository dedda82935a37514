import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminHarness, type TAdminHarness } from './helpers.js';

/** The admin service's own upload limit in this file: 64 KiB, so "too large" needs no big buffers. */
const MAX_BYTES = 64 * 1024;
const DEFAULT_CLIP = 'frontend/media/welcome-video.webm';

let h: TAdminHarness;

beforeAll(async () => {
  h = await startAdminHarness('admin_welcome_video', { WELCOME_VIDEO_MAX_BYTES: String(MAX_BYTES), WELCOME_VIDEO_DEFAULT_FILE: DEFAULT_CLIP });
});
afterAll(async () => {
  await h?.close();
});

/** A WebM as its first bytes say: the EBML magic and the DocType "webm", then filler. */
function webm(size: number, fill = 7): Buffer {
  const head = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm')]);
  return Buffer.concat([head, Buffer.alloc(size - head.length, fill)]);
}

/** An MP4 as its first bytes say: a box of type ftyp (brand isom). */
function mp4(size: number): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 3)]);
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 1)]);

async function upload(bytes: Buffer, options: { token?: string | null; type?: string; name?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'video', new Blob([bytes], { type: options.type ?? 'video/webm' }), options.name ?? 'clip.webm');
  const token = options.token === undefined ? h.adminToken : options.token;
  const res = await fetch(`${h.service.url}/api/admin/settings/welcome-video`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function video(headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const res = await request(`${h.service.url}/assets/welcome-video`, { method, headers });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

const mediaFiles = async () => (await readdir(h.config.MEDIA_DIR)).sort();

describe('GET /assets/welcome-video', () => {
  it('before any upload, then the shipped clip with ranges, HEAD, revalidation and a week of caching', async () => {
    const clip = await readFile(DEFAULT_CLIP);
    const whole = await video();
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toBe('public, max-age=604800');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toEqual(clip);
    const part = await video({ range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clip.length}`);
    expect(part.body).toEqual(clip.subarray(100, 200));
    const past = await video({ range: `bytes=${clip.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${clip.length}`);
    const head = await video({}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(clip.length));
    expect(head.body.length).toBe(0);
    expect((await video({ 'if-none-match': String(whole.headers.etag) })).status).toBe(304);
  });
});

describe('POST /api/admin/settings/welcome-video', () => {
  it('without a token, then 401; as a worker, then 403; and nothing is stored', async () => {
    expect((await upload(webm(4096), { token: null })).status).toBe(401);
    const worker = await upload(webm(4096), { token: h.employeeToken });
    expect(worker.status).toBe(403);
    expect(worker.body).toMatchObject({ code: 'AUTH.FORBIDDEN' });
    expect((await fetch(`${h.service.url}/api/admin/settings/welcome-video`, { headers: { authorization: `Bearer ${h.employeeToken}` } })).status).toBe(403);
    expect(await mediaFiles()).toEqual([]);
  });

  it('when an admin uploads a WebM, then it is served at once, with new validators, and the replacement is audited', async () => {
    const before = await video();
    const clip = webm(5000);
    const res = await upload(clip, { type: 'application/octet-stream', name: 'anything.bin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: '/assets/welcome-video', maxBytes: MAX_BYTES, current: { contentType: 'video/webm', sizeBytes: 5000, uploadedBy: h.adminId } });

    const after = await video();
    expect(after.status).toBe(200);
    expect(after.headers['content-type']).toBe('video/webm');
    expect(after.body).toEqual(clip);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A browser holding the old clip's ETag gets the new clip, not a 304.
    const revalidated = await video({ 'if-none-match': String(before.headers.etag) });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body).toEqual(clip);
    expect((await video({ range: 'bytes=0-3' })).body).toEqual(clip.subarray(0, 4));

    const { rows } = await h.service.pool.query<{ payload: { data: Record<string, unknown> } }>(
      "SELECT payload FROM outbox WHERE type = 'settings.changed' AND payload->'data'->>'key' = 'welcome_video'",
    );
    expect(rows.map((r) => r.payload.data)).toEqual([expect.objectContaining({ changedBy: h.adminId, previousValue: 'default', value: expect.stringMatching(/^welcome-video-[0-9a-f]{64}\.webm \(video\/webm, 5000 bytes\)$/) })]);
    const read = await fetch(`${h.service.url}/api/admin/settings/welcome-video`, { headers: { authorization: `Bearer ${h.adminToken}` } });
    expect(await read.json()).toMatchObject({ current: { sizeBytes: 5000 } });
  });

  it('when an MP4 replaces it, then the MP4 is served as video/mp4 and the previous file is removed', async () => {
    const clip = mp4(3000);
    const res = await upload(clip, { type: 'video/webm', name: 'clip.webm' });
    expect(res.status).toBe(200);
    const served = await video();
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.body).toEqual(clip);
    expect(await mediaFiles()).toEqual([expect.stringMatching(/^welcome-video-[0-9a-f]{64}\.mp4$/)]);
  });

  it('when the file is not a video (a PNG sent as video/mp4), then 415 naming the field, and the served video is unchanged', async () => {
    const before = await video();
    const res = await upload(PNG, { type: 'video/mp4', name: 'clip.mp4' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'ADMIN.WELCOME_VIDEO_NOT_VIDEO', field: 'video', message: 'The video must be an MP4 or WebM file' });
    expect((await video()).body).toEqual(before.body);
    expect((await mediaFiles()).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('when the declared body is larger than the limit, then 413 before it is read', async () => {
    // Only the head is sent: the answer must come from the declared length alone. (A client that writes the whole
    // body may instead see the connection closed under it, EPIPE, as Node 24's fetch reports: the service closes a
    // connection whose declared body is past what it would drain.)
    const { hostname, port } = new URL(h.service.url);
    const socket = connect(Number(port), hostname);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const headEnd = text.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(text)?.[1];
        if (headEnd >= 0 && length !== undefined && Buffer.byteLength(text.slice(headEnd + 4)) >= Number(length)) resolve(text);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.write(
        `POST /api/admin/settings/welcome-video HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${h.adminToken}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${MAX_BYTES + 70 * 1024}\r\n\r\n`,
      );
    });
    socket.destroy();
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'ADMIN.WELCOME_VIDEO_TOO_LARGE', field: 'video', message: 'The video must be at most 64 KB' });
  });

  it('when a body of no declared length streams past the limit, then 413 as it passes, and nothing is kept', async () => {
    const before = await video();
    const boundary = 'welcome-video-test';
    const clip = webm(MAX_BYTES + 1);
    const parts = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.webm"\r\nContent-Type: video/webm\r\n\r\n`),
      clip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const res = await request(`${h.service.url}/api/admin/settings/welcome-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.from(parts),
    });
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toMatchObject({ code: 'ADMIN.WELCOME_VIDEO_TOO_LARGE', field: 'video' });
    expect((await video()).body).toEqual(before.body);
    expect((await mediaFiles()).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('when the file part is missing or the body is JSON, then 400 / 415 saying what to send', async () => {
    const missing = await upload(webm(2000), { field: 'file' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'ADMIN.WELCOME_VIDEO_MISSING', field: 'video' });
    const json = await fetch(`${h.service.url}/api/admin/settings/welcome-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ video: 'x' }),
    });
    expect(json.status).toBe(415);
  });
});
