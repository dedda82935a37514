import { once } from 'node:events';
import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkHarness, submissionForm, takenTask, tinyWebm, type TWorkHarness } from './helpers.js';

/**
 * Issue 26 items 1, 9 and 10 for task submissions: images judged by their headers before any is decoded (25 MP),
 * re-encoded without metadata, videos flagged; submissions limited per user and per address before the body is
 * read; a body that is not multipart answered 415 with the keep-alive connection still usable. Measured CPU time
 * and memory growth are printed, never asserted as times.
 */
let h: TWorkHarness;
const PER_USER = 20;
const PER_ADDRESS = 30;
const MARK = 'GPS-SECRET-MARK-51N';

beforeAll(async () => {
  h = await startWorkHarness('work_upload_limits', { SUBMISSION_UPLOADS_PER_USER: String(PER_USER), SUBMISSION_UPLOADS_PER_ADDRESS: String(PER_ADDRESS) });
});
afterAll(async () => {
  await h?.close();
});

let addressCounter = 0;
/** A client address of its own (the service believes X-Forwarded-For from loopback, as behind the gateway). */
function newAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

/**
 * A raw keep-alive connection (no client library deciding for us): `request` writes one request and reads its
 * answer (by Content-Length); the next request goes over the same socket, so an answer to it proves the connection
 * stayed usable.
 */
async function rawConnection(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  let buffered = Buffer.alloc(0);
  let closed = false;
  socket.on('data', (chunk: Buffer) => (buffered = Buffer.concat([buffered, chunk])));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  return {
    get closed() {
      return closed;
    },
    async request(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; headers: string; text: string }> {
      const head = [`POST ${path} HTTP/1.1`, `host: ${hostname}:${port}`, `content-length: ${body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
      socket.write(head);
      socket.write(body);
      for (let waited = 0; waited < 15_000; waited += 10) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end >= 0) {
          const headText = buffered.subarray(0, end).toString('latin1');
          const length = Number(/content-length: *(\d+)/i.exec(headText)?.[1] ?? 0);
          if (buffered.length >= end + 4 + length) {
            const text = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
            buffered = buffered.subarray(end + 4 + length);
            return { status: Number(headText.split(' ')[1]), headers: headText, text };
          }
        }
        if (closed) throw new Error('the connection was closed before an answer');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('no answer within 15 s');
    },
    close: () => socket.destroy(),
  };
}

async function submit(token: string, taskId: string, form: FormData | string, address: string, contentType?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': address };
  if (contentType) headers['content-type'] = contentType;
  const res = await fetch(`${h.service.url}/api/tasks/${taskId}/submit`, { method: 'POST', headers, body: form });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBeLessThan(500);
  return { status: res.status, headers: res.headers, body };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

describe('POST /api/tasks/{id}/submit: what is done with the upload', () => {
  it('when a JPEG carries GPS and camera EXIF beside a video, then the stored image has none of it, the video is flagged metadataKept', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Make: MARK, Copyright: MARK }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .toBuffer();
    expect(photo.includes(MARK)).toBe(true);
    const res = await submit(
      worker.token,
      taskId,
      submissionForm('photo and clip', [
        { bytes: photo, name: 'shop.jpg', type: 'image/jpeg' },
        { bytes: tinyWebm(), name: 'clip.webm', type: 'video/webm' },
      ]),
      newAddress(),
    );
    expect(res.status).toBe(200);
    const files = (res.body.assignment as { files: { fileName: string; fileType: string; metadataKept: boolean; fileSize: number }[] }).files;
    expect(files.map((f) => [f.fileType, f.metadataKept])).toEqual([
      ['image/jpeg', false],
      ['video/webm', true],
    ]);
    const served = Buffer.from(await (await fetch(`${h.service.url}/api/files/${files[0]!.fileName}`, { headers: { authorization: `Bearer ${h.admin.token}` } })).arrayBuffer());
    expect(served.length).toBe(files[0]!.fileSize);
    expect(served.includes(MARK)).toBe(false);
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 640, 480, undefined]);
    // The admin's review reads the flag too.
    const [row] = await h.query<{ metadata_kept: boolean }>('SELECT metadata_kept FROM task_submission_files WHERE file_name = $1', [files[1]!.fileName]);
    expect(row?.metadata_kept).toBe(true);
  });

  it('when an image is 7000x7000 (88 KB WebP), then 413 from its header before anything is decoded, and no file is kept', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 10, g: 20, b: 30 } } }).webp({ quality: 50 }).toBuffer();
    const before = await h.storedFiles();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const res = await submit(worker.token, taskId, submissionForm('big', [{ bytes: bomb, name: 'big.webp', type: 'image/webp' }]), newAddress());
    const cpu = process.cpuUsage(cpuBefore);
    const growth = process.memoryUsage().rss - rssBefore;
    console.log(
      `[measured] submission with a 7000x7000 WebP (${(bomb.length / 1024).toFixed(0)} KB): status ${res.status}, CPU ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms, RSS growth ${mb(growth)} MB`,
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'WORK.IMAGE_TOO_MANY_PIXELS', message: 'Each image must be at most 25 megapixels (for example 6000 x 4000 pixels)' });
    expect(await h.storedFiles()).toEqual(before);
    expect(growth).toBeLessThan(100 * 1024 * 1024);

    // 20 such submissions in parallel (20 workers, 20 addresses): all refused by their headers.
    const many = await Promise.all(Array.from({ length: 20 }, async () => ({ worker: await h.newUser() })));
    const tasks = await Promise.all(many.map(async ({ worker: w }) => ({ w, taskId: (await takenTask(h, w)).taskId })));
    global.gc?.();
    const rss20 = process.memoryUsage().rss;
    const cpu20 = process.cpuUsage();
    const answers = await Promise.all(tasks.map(({ w, taskId: id }) => submit(w.token, id, submissionForm('big', [{ bytes: bomb, name: 'big.webp' }]), newAddress())));
    const cpuAll = process.cpuUsage(cpu20);
    console.log(
      `[measured] 20 parallel submissions with a 7000x7000 WebP: statuses ${[...new Set(answers.map((a) => a.status))].join(',')}, CPU ${((cpuAll.user + cpuAll.system) / 1000).toFixed(1)} ms, RSS growth ${mb(process.memoryUsage().rss - rss20)} MB`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(413));
  });

  it('when an image type cannot be cleaned of metadata (BMP), then 415 and no file is kept', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    // A 1x1 24-bit BMP.
    const bmp = Buffer.from('424d3a0000000000000036000000280000000100000001000000010018000000000004000000130b0000130b000000000000000000000000ff00', 'hex');
    const res = await submit(worker.token, taskId, submissionForm('bmp', [{ bytes: bmp, name: 'a.bmp', type: 'image/bmp' }]), newAddress());
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'WORK.IMAGE_TYPE_NOT_SUPPORTED' });
  });
});

describe('POST /api/tasks/{id}/submit: refusals before the body is read', () => {
  it('when a 5 MB JSON body is sent (8 runs on one keep-alive connection), then 415 each time and the connection answers the next request', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const big = Buffer.from(JSON.stringify({ submission: 'x'.repeat(5 * 1024 * 1024) }));
    const headers = { authorization: `Bearer ${worker.token}`, 'content-type': 'application/json', 'x-forwarded-for': newAddress() };
    const connection = await rawConnection(h.service.url);
    try {
      for (let run = 0; run < 8; run += 1) {
        const refused = await connection.request(`/api/tasks/${taskId}/submit`, headers, big);
        expect(refused.status).toBe(415);
        expect(JSON.parse(refused.text)).toMatchObject({ code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE', message: 'The submission must be sent as multipart/form-data' });
        // The same connection answers the next request.
        const next = await connection.request(`/api/tasks/${taskId}/submit`, headers, Buffer.from('{}'));
        expect(next.status).toBe(415);
      }
      expect(connection.closed).toBe(false);
    } finally {
      connection.close();
    }
  });

  it(`when one worker sends more than ${PER_USER} submissions in the window, then 429 with Retry-After, from any address`, async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const address = newAddress();
    for (let i = 0; i < PER_USER; i += 1) expect((await submit(worker.token, taskId, '{}', address, 'application/json')).status).toBe(415);
    const refused = await submit(worker.token, taskId, submissionForm('done'), address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
    expect(refused.body.message).toMatch(/^Too many submissions\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await submit(worker.token, taskId, submissionForm('done'), newAddress())).status).toBe(429);
  });

  it(`when workers at one address send more than ${PER_ADDRESS} submissions, then 429 for the next worker there, not elsewhere`, async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const worker = await h.newUser();
      expect((await submit(worker.token, '00000000-0000-4000-8000-000000000000', '{}', address, 'application/json')).status).toBe(415);
    }
    const next = await h.newUser();
    const { taskId } = await takenTask(h, next);
    expect((await submit(next.token, taskId, submissionForm('done'), address)).status).toBe(429);
    expect((await submit(next.token, taskId, submissionForm('done'), newAddress())).status).toBe(200);
  });
});
