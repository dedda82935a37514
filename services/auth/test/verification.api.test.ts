import sharp from 'sharp';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../src/index.js';
import { randomBytes } from 'node:crypto';
import { buildKeyRing, openImage } from '../src/domain/envelope-crypto.js';
import { rotateVerificationKeys } from '../src/domain/verification-key-rotation.use-case.js';
import { deleteExpiredIdentityImages } from '../src/domain/verification-retention.use-case.js';
import { verificationKeyRing } from '../src/verification-config.js';
import { outboxRows, startTestService, uniqueEmail, type TTestService } from './helpers.js';

let t: TTestService;
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MARK = 'GPS-SECRET-MARK-51N';

/** A photo with EXIF (a marker in the camera fields and GPS coordinates), as a phone would send it. */
async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: MARK, Copyright: MARK }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
}

async function pngWithMetadata(width = 500, height = 400): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().withExif({ IFD0: { Copyright: MARK } }).toBuffer();
}

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

function form(fields: Record<string, string>, files: Record<string, { data: Buffer; name: string; type: string }>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [k, f] of Object.entries(files)) body.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return body;
}

async function apply(token: string, body: FormData) {
  const res = await fetch(`${t.service.url}/api/user/verification`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  if (res.status >= 500) t.serverErrors.push(`POST /api/user/verification -> ${res.status}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signedInAdmin() {
  const admin = await t.registerWorker({ email: uniqueEmail('admin'), firstName: 'Root', lastName: 'Admin' });
  await t.service.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.user.id]);
  const login = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
  return { ...admin, token: login.body.token as string };
}

async function storedRows(userId: string): Promise<number> {
  const { rows } = await t.service.pool.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM user_verifications WHERE user_id = $1) + (SELECT count(*) FROM verification_images i JOIN user_verifications v ON v.id = i.verification_id WHERE v.user_id = $1) AS n',
    [userId],
  );
  return Number(rows[0]!.n);
}

let selfie: Buffer;
let documentPng: Buffer;

beforeAll(async () => {
  t = await startTestService('auth_verification', { VERIFICATION_RETENTION_INTERVAL_MS: '1000' });
  selfie = await jpegWithGps();
  documentPng = await pngWithMetadata();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/user/verification', () => {
  it('when a worker applies with a JPEG carrying GPS and a PNG, then pending at once; the stored images are encrypted and decrypt to the pictures without their metadata', async () => {
    expect(selfie.includes(MARK)).toBe(true);
    expect(documentPng.includes(MARK)).toBe(true);
    const worker = await t.registerWorker();
    const res = await apply(worker.token, form(FIELDS, { selfieFile: { data: selfie, name: 'me.jpg', type: 'image/jpeg' }, documentFile: { data: documentPng, name: 'passport.png', type: 'image/png' } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', isVerified: false, reason: null });
    const mine = await t.api('GET', '/api/user/verification', { token: worker.token });
    expect(mine.body).toMatchObject({ status: 'pending', id: res.body.id });

    const { rows } = await t.service.pool.query<{ kind: string; mime_type: string; key_id: string; wrapped_key: Buffer; iv: Buffer; auth_tag: Buffer; ciphertext: Buffer }>(
      'SELECT kind, mime_type, key_id, wrapped_key, iv, auth_tag, ciphertext FROM verification_images WHERE verification_id = $1 ORDER BY kind',
      [res.body.id],
    );
    expect(rows.map((r) => r.kind)).toEqual(['document', 'selfie']);
    const ring = verificationKeyRing(loadAuthConfig({ ...t.env.env }));
    for (const row of rows) {
      expect(row.ciphertext.includes(JPEG_SIGNATURE)).toBe(false);
      expect(row.ciphertext.includes(PNG_SIGNATURE)).toBe(false);
      expect(row.ciphertext.includes(MARK)).toBe(false);
      expect(row.ciphertext.length).toBeGreaterThan(1000);
    }
    const open = (row: (typeof rows)[number]) =>
      openImage(ring, { keyId: row.key_id, wrappedKey: row.wrapped_key, iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext }, `${res.body.id}/${row.kind}`);
    const storedDocument = open(rows[0]!);
    const storedSelfie = open(rows[1]!);
    // The PNG: the very same pixels, and no metadata left.
    expect(storedDocument.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(storedDocument.includes(MARK)).toBe(false);
    expect((await sharp(storedDocument).metadata()).exif).toBeUndefined();
    const [before, after] = await Promise.all([sharp(documentPng).raw().toBuffer(), sharp(storedDocument).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
    // The JPEG: the same picture (same size), no EXIF, no GPS, no marker.
    expect(storedSelfie.subarray(0, 3).equals(JPEG_SIGNATURE)).toBe(true);
    expect(storedSelfie.includes(MARK)).toBe(false);
    const meta = await sharp(storedSelfie).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([640, 480, undefined]);

    const submitted = (await outboxRows(t, 'verification.submitted')).filter((e) => e.payload.data.userId === worker.user.id);
    expect(submitted).toHaveLength(1);
    expect(JSON.stringify(submitted[0])).not.toContain('P123456789');

    // One pending application at a time.
    const again = await apply(worker.token, form(FIELDS, { selfieFile: { data: selfie, name: 'me.jpg', type: 'image/jpeg' }, documentFile: { data: documentPng, name: 'p.png', type: 'image/png' } }));
    expect(again).toMatchObject({ status: 409, body: { code: 'VERIFICATION.ALREADY_PENDING', message: 'You already have a verification pending review' } });
    expect(await storedRows(worker.user.id)).toBe(3);
  });

  it('when a file only pretends to be an image, or is too small, or a field or photo is missing, then the spec message and nothing is stored', async () => {
    const worker = await t.registerWorker();
    const good = { data: selfie, name: 'me.jpg', type: 'image/jpeg' };
    const spoofed = { data: Buffer.from('<?php system($_GET["c"]); ?> not a picture at all'.repeat(20)), name: 'photo.jpg', type: 'image/jpeg' };
    const tiny = { data: await sharp({ create: { width: 299, height: 800, channels: 3, background: '#888' } }).jpeg().toBuffer(), name: 'tiny.jpg', type: 'image/jpeg' };
    const cases: [FormData, number, string, string][] = [
      [form(FIELDS, { selfieFile: spoofed, documentFile: good }), 400, 'Selfie photo must be an image file (JPEG, PNG, WebP or HEIC)', 'selfieFile'],
      [form(FIELDS, { selfieFile: good, documentFile: tiny }), 400, 'Document photo must be at least 300 pixels on its shorter side', 'documentFile'],
      [form({ ...FIELDS, fullName: '  ' }, { selfieFile: good, documentFile: good }), 400, 'Full name is required', 'fullName'],
      [form({ ...FIELDS, postalCode: '' }, { selfieFile: good, documentFile: good }), 400, 'Postal code is required', 'postalCode'],
      [form(FIELDS, { documentFile: good }), 400, 'Selfie photo is required', 'selfieFile'],
      [form(FIELDS, { selfieFile: good }), 400, 'Document photo is required', 'documentFile'],
      [form({ ...FIELDS, documentType: 'library_card' }, { selfieFile: good, documentFile: good }), 400, 'Document type must be passport, drivers_license or national_id', 'documentType'],
      [form({ ...FIELDS, dateOfBirth: '2999-01-01' }, { selfieFile: good, documentFile: good }), 400, 'Date of birth must be a real date in the past (YYYY-MM-DD)', 'dateOfBirth'],
    ];
    for (const [body, status, message, field] of cases) {
      const res = await apply(worker.token, body);
      expect({ status: res.status, message: res.body.message, field: res.body.field }).toEqual({ status, message, field });
    }
    const json = await t.api('POST', '/api/user/verification', { token: worker.token, body: FIELDS });
    expect(json.status).toBe(415);
    expect(await storedRows(worker.user.id)).toBe(0);
    expect((await t.api('GET', '/api/user/verification', { token: worker.token })).body).toMatchObject({ status: 'none', id: null });
  });
});

describe('the review: /api/admin/verifications', () => {
  it('when two admins decide at once, then one decision; reject needs a reason; the worker reads it, applies again, an approval makes them verified', async () => {
    const worker = await t.registerWorker();
    const [a, b] = [await signedInAdmin(), await signedInAdmin()];
    const files = () => ({ selfieFile: { data: selfie, name: 's.jpg', type: 'image/jpeg' }, documentFile: { data: documentPng, name: 'd.png', type: 'image/png' } });
    /** What the signed-in user is told: GET /api/auth/me and the login answer agree. */
    const told = async () => {
      const me = (await t.api('GET', '/api/auth/me', { token: worker.token })).body;
      const login = (await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } })).body;
      expect(login.user.verificationStatus).toBe(me.verificationStatus);
      return { verificationStatus: me.verificationStatus as string, isVerified: me.isVerified as boolean };
    };
    expect(await told()).toEqual({ verificationStatus: 'none', isVerified: false });
    const first = await apply(worker.token, form(FIELDS, files()));
    const id = first.body.id as string;
    expect(await told()).toEqual({ verificationStatus: 'pending', isVerified: false });

    const queue = await t.api('GET', '/api/admin/verifications?status=pending', { token: a.token });
    const listed = queue.body.items.find((v: { id: string }) => v.id === id);
    expect(listed).toMatchObject({ userId: worker.user.id, status: 'pending', hasImages: true, userEmail: worker.email });
    expect(listed.documentNumber).toBe('••••••6789');
    expect((await t.api('GET', `/api/admin/verifications/${id}`, { token: a.token })).body.documentNumber).toBe('P123456789');

    const noReason = await t.api('PATCH', `/api/admin/verifications/${id}`, { token: a.token, body: { status: 'rejected', reason: '   ' } });
    expect(noReason).toMatchObject({ status: 400, body: { message: 'A reason is required to reject a verification', field: 'reason' } });

    const reasons = ['The document photo is blurred', 'The name does not match the document'];
    const both = await Promise.all([
      t.api('PATCH', `/api/admin/verifications/${id}`, { token: a.token, body: { status: 'rejected', reason: reasons[0] } }),
      t.api('PATCH', `/api/admin/verifications/${id}`, { token: b.token, body: { status: 'rejected', reason: reasons[1] } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const decided = (await outboxRows(t, 'verification.decided')).filter((e) => e.payload.data.verificationId === id);
    expect(decided).toHaveLength(1);
    const winner = both.find((r) => r.status === 200)!.body;
    expect(both.find((r) => r.status === 409)!.body).toMatchObject({ code: 'VERIFICATION.ALREADY_DECIDED', message: 'This verification has already been rejected' });
    expect(decided[0]!.payload.data.reason).toBe(winner.rejectionReason);
    expect(await told()).toEqual({ verificationStatus: 'rejected', isVerified: false });

    // The worker reads the winning reason and may apply again.
    const mine = await t.api('GET', '/api/user/verification', { token: worker.token });
    expect(mine.body).toMatchObject({ status: 'rejected', reason: winner.rejectionReason, isVerified: false });
    const second = await apply(worker.token, form(FIELDS, files()));
    expect(second.status).toBe(201);
    const appId = second.body.id as string;
    expect(await told()).toEqual({ verificationStatus: 'pending', isVerified: false });
    const approved = await t.api('PATCH', `/api/admin/verifications/${appId}`, { token: b.token, body: { status: 'approved' } });
    expect(approved.body).toMatchObject({ status: 'approved', reviewedBy: b.user.id, rejectionReason: null });
    expect(await told()).toEqual({ verificationStatus: 'approved', isVerified: true });
    expect((await t.api('GET', '/api/user/verification', { token: worker.token })).body).toMatchObject({ status: 'approved', isVerified: true });
    const again = await apply(worker.token, form(FIELDS, files()));
    expect(again.status).toBe(409);
    const decidedEvent = (await outboxRows(t, 'verification.decided')).find((e) => e.payload.data.verificationId === appId)!;
    expect(decidedEvent.payload.data).toMatchObject({ status: 'approved', decidedBy: b.user.id, email: worker.email, firstName: 'Ada' });

    // The activity history (built from the events by the consumer): newest first, in the reader's language.
    const activity = await eventually(async () => {
      const res = await t.api('GET', '/api/user/activity?pageSize=2', { token: worker.token });
      return res.body.total >= 5 ? res.body : undefined;
    }, { what: 'the activity entries' });
    expect(activity.items).toHaveLength(2);
    expect(activity.items[0]).toMatchObject({ type: 'verification', title: 'Identity verified', color: 'green', badge: 'Verified', icon: 'shield-check' });
    const all = await t.api('GET', '/api/user/activity?pageSize=100&lang=ru', { token: worker.token });
    expect(all.body.items.map((e: { title: string }) => e.title)).toEqual([
      'Личность подтверждена',
      'Заявка на верификацию отправлена',
      'Верификация отклонена',
      'Заявка на верификацию отправлена',
      'Аккаунт создан',
    ]);
    expect(all.body.items[2].description).toBe(`Причина: ${winner.rejectionReason}`);
    // Each application's own entry follows its decision: no "Pending" left behind once an admin decided.
    expect(all.body.items[1]).toMatchObject({ badge: 'Одобрено', color: 'green', description: 'Проверена: одобрена' });
    expect(all.body.items[3]).toMatchObject({ badge: 'Отклонено', color: 'red', description: 'Проверена: отклонена' });
    const english = await t.api('GET', '/api/user/activity?pageSize=100&lang=en', { token: worker.token });
    expect(english.body.items.map((e: { badge: string }) => e.badge)).toEqual(['Verified', 'Approved', 'Rejected', 'Rejected', 'Account']);
    const other = await t.registerWorker();
    const othersActivity = await eventually(async () => {
      const res = await t.api('GET', '/api/user/activity', { token: other.token });
      return res.body.total >= 1 ? res.body : undefined;
    });
    expect(othersActivity.items.map((e: { type: string }) => e.type), JSON.stringify(othersActivity)).toEqual(['account_created']);
  });

  it('when the images are asked for, then a worker (even the applicant) gets 403, an admin the image without caching, and each view is an event for the audit log', async () => {
    const worker = await t.registerWorker();
    const admin = await signedInAdmin();
    const res = await apply(worker.token, form(FIELDS, { selfieFile: { data: selfie, name: 's.jpg', type: 'image/jpeg' }, documentFile: { data: documentPng, name: 'd.png', type: 'image/png' } }));
    const id = res.body.id as string;
    for (const file of ['selfie', 'document']) {
      const asWorker = await fetch(`${t.service.url}/api/admin/verifications/${id}/files/${file}`, { headers: { authorization: `Bearer ${worker.token}` } });
      expect(asWorker.status).toBe(403);
      const noToken = await fetch(`${t.service.url}/api/admin/verifications/${id}/files/${file}`);
      expect(noToken.status).toBe(401);
    }
    const viewsBefore = (await outboxRows(t, 'verification.file_viewed')).filter((e) => e.payload.data.verificationId === id).length;
    const view = await fetch(`${t.service.url}/api/admin/verifications/${id}/files/document`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('image/png');
    expect(view.headers.get('cache-control')).toContain('no-store');
    const served = Buffer.from(await view.arrayBuffer());
    expect(served.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    await fetch(`${t.service.url}/api/admin/verifications/${id}/files/selfie`, { headers: { authorization: `Bearer ${admin.token}` } });
    const views = (await outboxRows(t, 'verification.file_viewed')).filter((e) => e.payload.data.verificationId === id);
    expect(views.length - viewsBefore).toBe(2);
    expect(views.map((v) => [v.payload.data.file, v.payload.data.viewedBy])).toEqual([
      ['document', admin.user.id],
      ['selfie', admin.user.id],
    ]);
    const unknown = await fetch(`${t.service.url}/api/admin/verifications/${id}/files/passport`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(unknown.status).toBe(404);
  });

  it('when verification_retention_days have passed since the decision, then the BullMQ job deletes the images and the decision stays', async () => {
    const worker = await t.registerWorker();
    const admin = await signedInAdmin();
    const res = await apply(worker.token, form(FIELDS, { selfieFile: { data: selfie, name: 's.jpg', type: 'image/jpeg' }, documentFile: { data: documentPng, name: 'd.png', type: 'image/png' } }));
    const id = res.body.id as string;
    await t.api('PATCH', `/api/admin/verifications/${id}`, { token: admin.token, body: { status: 'rejected', reason: 'Expired passport' } });
    // Decided 29 days ago: kept (default retention 30 days).
    await t.service.pool.query("UPDATE user_verifications SET reviewed_at = now() - interval '29 days' WHERE id = $1", [id]);
    await deleteExpiredIdentityImages(t.service.pool);
    expect((await t.api('GET', `/api/admin/verifications/${id}`, { token: admin.token })).body.hasImages).toBe(true);
    // Decided 31 days ago: the job (every second here) removes the images.
    await t.service.pool.query("UPDATE user_verifications SET reviewed_at = now() - interval '31 days' WHERE id = $1", [id]);
    const gone = await eventually(async () => {
      const r = await t.api('GET', `/api/admin/verifications/${id}`, { token: admin.token });
      return r.body.hasImages === false ? r.body : undefined;
    }, { what: 'the retention job', timeoutMs: 15_000 });
    expect(gone).toMatchObject({ status: 'rejected', rejectionReason: 'Expired passport', reviewedBy: admin.user.id, imagesDeletedAt: expect.any(String) });
    const { rows } = await t.service.pool.query('SELECT 1 FROM verification_images WHERE verification_id = $1', [id]);
    expect(rows).toHaveLength(0);
    const file = await fetch(`${t.service.url}/api/admin/verifications/${id}/files/selfie`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.status).toBe(404);
  });
});

describe('npm run verification:rotate-key (rotateVerificationKeys)', () => {
  it('when the master key is rotated, then every data key is re-wrapped with the new key, the images are unchanged and open with the new key alone', async () => {
    const worker = await t.registerWorker();
    const res = await apply(worker.token, form(FIELDS, { selfieFile: { data: selfie, name: 's.jpg', type: 'image/jpeg' }, documentFile: { data: documentPng, name: 'd.png', type: 'image/png' } }));
    const id = res.body.id as string;
    const read = async () =>
      (await t.service.pool.query<{ key_id: string; wrapped_key: Buffer; iv: Buffer; auth_tag: Buffer; ciphertext: Buffer }>(
        "SELECT key_id, wrapped_key, iv, auth_tag, ciphertext FROM verification_images WHERE verification_id = $1 AND kind = 'document'",
        [id],
      )).rows[0]!;
    const before = await read();
    const oldRing = verificationKeyRing(loadAuthConfig({ ...t.env.env }));
    const oldKey = oldRing.current.key.toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const rotating = buildKeyRing(newKey, [oldKey]);
    expect(await rotateVerificationKeys(t.service.pool, rotating)).toBeGreaterThanOrEqual(2);
    const after = await read();
    expect(after.key_id).toBe(rotating.current.id);
    expect(after.wrapped_key.equals(before.wrapped_key)).toBe(false);
    expect(after.ciphertext.equals(before.ciphertext)).toBe(true);
    const opened = openImage(buildKeyRing(newKey), { keyId: after.key_id, wrappedKey: after.wrapped_key, iv: after.iv, authTag: after.auth_tag, ciphertext: after.ciphertext }, `${id}/document`);
    expect(opened.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(await rotateVerificationKeys(t.service.pool, rotating)).toBe(0);
    // Back to the service's key, so the rest of the file (and its running service) reads them again.
    expect(await rotateVerificationKeys(t.service.pool, buildKeyRing(oldKey, [newKey]))).toBeGreaterThanOrEqual(2);
  });
});
