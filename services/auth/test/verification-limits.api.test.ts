import sharp from 'sharp';
import { createTokenSigner, type TTokenSigner } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../src/index.js';
import { startTestService, uniqueEmail, type TTestService } from './helpers.js';

/**
 * Issue 26 item 1: identity images cannot exhaust the auth service. The probe's request (a 7000x7000 WebP selfie of
 * 88 KB with an EXIF rotation beside a too-small document photo) cost 3.5 s of CPU and 374 MB before its refusal.
 * The CPU time and memory growth are printed, never asserted as times.
 */
let t: TTestService;
const PER_USER = 3;
const PER_ADDRESS = 5;

const FIELDS = {
  fullName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  address: '12 St James Square',
  city: 'London',
  country: 'United Kingdom',
  postalCode: 'SW1Y 4JH',
  documentType: 'passport',
  documentNumber: 'P123456789',
};

let signer: TTokenSigner;
/** A worker stored directly with a signed token (argon2 registration of 20 users would only slow the file down). */
async function newWorker(): Promise<{ token: string }> {
  const { rows } = await t.service.pool.query<{ id: string }>(
    "INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES ($1, 'not-a-hash', 'Ada', 'Lovelace', 'employee') RETURNING id",
    [uniqueEmail('limits')],
  );
  return { token: await signer.sign({ id: rows[0]!.id, role: 'employee' }) };
}

let bomb: Buffer;
let tinyDocument: Buffer;

function bombForm(): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) body.append(k, v);
  body.append('selfieFile', new Blob([new Uint8Array(bomb)], { type: 'image/webp' }), 'me.webp');
  body.append('documentFile', new Blob([new Uint8Array(tinyDocument)], { type: 'image/png' }), 'doc.png');
  return body;
}

let addressCounter = 0;
/** A client address of its own (the test service believes X-Forwarded-For from loopback, as behind the gateway). */
function newAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

async function apply(token: string, body: FormData | string, address: string, contentType?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': address };
  if (contentType) headers['content-type'] = contentType;
  const res = await fetch(`${t.service.url}/api/user/verification`, { method: 'POST', headers, body });
  if (res.status >= 500) t.serverErrors.push(`POST /api/user/verification -> ${res.status}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

async function meLatencies(token: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await fetch(`${t.service.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    out.push(performance.now() - started);
  }
  return out;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

beforeAll(async () => {
  t = await startTestService('auth_verification_limits', {
    VERIFICATION_UPLOADS_PER_USER: String(PER_USER),
    VERIFICATION_UPLOADS_PER_ADDRESS: String(PER_ADDRESS),
  });
  const config = loadAuthConfig({ ...t.env.env });
  signer = await createTokenSigner({ privateKeyPem: config.JWT_PRIVATE_KEY, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  // 7000 x 7000 = 49 megapixels, 88 KB as WebP, with an EXIF rotation (as the probe sent it).
  bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .webp({ quality: 50 })
    .withExif({ IFD0: { Orientation: '6' } })
    .toBuffer();
  tinyDocument = await sharp({ create: { width: 200, height: 150, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/user/verification (issue 26: bounded image work)', () => {
  it('when the selfie is 7000x7000 beside a too-small document photo, then 413 from the headers alone, before either image is decoded', async () => {
    const worker = await newWorker();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const res = await apply(worker.token, bombForm(), newAddress());
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const growth = process.memoryUsage().rss - rssBefore;
    console.log(
      `[measured] 7000x7000 WebP (${(bomb.length / 1024).toFixed(0)} KB) refusal: status ${res.status}, CPU ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms ` +
        `(user ${(cpu.user / 1000).toFixed(1)}, system ${(cpu.system / 1000).toFixed(1)}), RSS growth ${mb(growth)} MB, answered in ${elapsed.toFixed(1)} ms`,
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'VERIFICATION.IMAGE_TOO_MANY_PIXELS', field: 'selfieFile', message: 'Selfie photo must be at most 25 megapixels (for example 6000 x 4000 pixels)' });
    // 49 megapixels decoded would be at least 147 MB of pixels (3 bytes each): nothing near that was allocated.
    expect(growth).toBeLessThan(100 * 1024 * 1024);
  });

  it('when 20 such requests arrive in parallel (20 users, 20 addresses), then all are 413 and other users are still answered', { timeout: 120_000 }, async () => {
    const other = await t.registerWorker();
    const workers = await Promise.all(Array.from({ length: 20 }, () => newWorker()));
    const baseline = await meLatencies(other.token, 40);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const during = meLatencies(other.token, 40);
    const answers = await Promise.all(workers.map((w) => apply(w.token, bombForm(), newAddress())));
    const duringSamples = await during;
    const cpu = process.cpuUsage(cpuBefore);
    const growth = process.memoryUsage().rss - rssBefore;
    console.log(
      `[measured] 20 parallel 7000x7000 refusals: statuses ${[...new Set(answers.map((a) => a.status))].join(',')}, CPU ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms ` +
        `(with 40 GET /api/auth/me alongside), RSS growth ${mb(growth)} MB; GET /api/auth/me p99 ${p99(baseline).toFixed(1)} ms before, ${p99(duringSamples).toFixed(1)} ms during`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(413));
    expect(growth).toBeLessThan(200 * 1024 * 1024);
  });

  it(`when one user sends more than ${PER_USER} applications in the window, then 429 with Retry-After, before the body is read`, async () => {
    const worker = await newWorker();
    const address = newAddress();
    for (let i = 0; i < PER_USER; i += 1) {
      const res = await apply(worker.token, bombForm(), address);
      expect(res.status).toBe(413);
    }
    // The limit is counted before the media type is looked at: a JSON body is refused the same way.
    const refused = await apply(worker.token, JSON.stringify({ fullName: 'x' }), address, 'application/json');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
    expect(refused.body.message).toMatch(/^Too many verification attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // From another address the same user is still over their own limit.
    expect((await apply(worker.token, bombForm(), newAddress())).status).toBe(429);
  });

  it(`when different users send more than ${PER_ADDRESS} applications from one address, then 429 for the next user there, not elsewhere`, async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const worker = await newWorker();
      expect((await apply(worker.token, bombForm(), address)).status).toBe(413);
    }
    const next = await newWorker();
    const refused = await apply(next.token, bombForm(), address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
    expect((await apply(next.token, bombForm(), newAddress())).status).toBe(413);
  });

  it('when the body is not multipart, then 415 and the keep-alive connection answers the next request', async () => {
    const worker = await newWorker();
    const address = newAddress();
    const res = await apply(worker.token, JSON.stringify({ data: 'x'.repeat(5 * 1024 * 1024) }), address, 'application/json');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE', message: 'The verification must be sent as multipart/form-data' });
  });
});
