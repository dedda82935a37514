import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyDocument } from '../src/domain/documents.use-case.js';
import { seedDevelopment } from '../src/scripts/seed-dev.js';
import { startTestService, type TTestService } from './helpers.js';

let t: TTestService;
let terms: { id: string; title: string; version: string };
let privacy: { id: string; title: string; version: string };

beforeAll(async () => {
  t = await startTestService('auth_onboarding');
  await seedDevelopment(t.service.pool);
  const { rows } = await t.service.pool.query<{ id: string; title: string; version: string; type: string }>('SELECT id, title, version, type FROM company_documents');
  terms = rows.find((r) => r.type === 'terms')!;
  privacy = rows.find((r) => r.type === 'privacy')!;
});
afterAll(async () => {
  await t?.close();
});

async function acceptanceCount(userId: string): Promise<number> {
  const { rows } = await t.service.pool.query<{ n: string }>('SELECT count(*) AS n FROM user_document_acceptances WHERE user_id = $1', [userId]);
  return Number(rows[0]!.n);
}

describe('GET /api/user/welcome-status and POST /api/user/mark-welcome-shown', () => {
  it('when the video was not shown yet, then shouldShowWelcome is true; after marking it, false (and marking again is harmless)', async () => {
    const worker = await t.registerWorker();
    expect((await t.api('GET', '/api/user/welcome-status', { token: worker.token })).body).toEqual({ shouldShowWelcome: true });
    const mark = await t.api('POST', '/api/user/mark-welcome-shown', { token: worker.token });
    expect(mark.status).toBe(200);
    expect(mark.body).toEqual({ success: true });
    expect((await t.api('POST', '/api/user/mark-welcome-shown', { token: worker.token })).status).toBe(200);
    expect((await t.api('GET', '/api/user/welcome-status', { token: worker.token })).body).toEqual({ shouldShowWelcome: false });
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.welcomeVideoShown).toBe(true);
  });

  it('when there is no token, then 401 for both', async () => {
    expect((await t.api('GET', '/api/user/welcome-status')).status).toBe(401);
    expect((await t.api('POST', '/api/user/mark-welcome-shown')).status).toBe(401);
  });

  it('when mark-welcome-shown gets a body with fields, then 400 and nothing changes', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', '/api/user/mark-welcome-shown', { token: worker.token, body: { welcomeVideoShown: false } });
    expect(res.status).toBe(400);
    expect((await t.api('GET', '/api/user/welcome-status', { token: worker.token })).body).toEqual({ shouldShowWelcome: true });
  });
});

describe('GET /api/documents/required', () => {
  it('when the user accepted nothing, then the active required documents in order, none accepted', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('GET', '/api/documents/required', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body.map((d: { title: string }) => d.title)).toEqual(['Terms of Work', 'Privacy Notice']);
    expect(res.body[0]).toEqual({ id: terms.id, title: 'Terms of Work', version: '1.0', content: expect.stringContaining('<h2>Terms of Work</h2>'), updatedAt: expect.any(String), accepted: false });
    expect(res.body[1].accepted).toBe(false);
  });

  it('when a document is inactive or does not require acceptance, then it is not listed', async () => {
    const inactive = await createCompanyDocument(t.service.pool, { title: 'Old rules', content: '<p>old</p>', type: 'old', isActive: false });
    const optional = await createCompanyDocument(t.service.pool, { title: 'FAQ', content: '<p>faq</p>', type: 'faq', requiresAcceptance: false });
    const worker = await t.registerWorker();
    const ids = (await t.api('GET', '/api/documents/required', { token: worker.token })).body.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(optional.id);
    await t.service.pool.query('DELETE FROM company_documents WHERE id = ANY($1::uuid[])', [[inactive.id, optional.id]]);
  });

  it('when there is no token, then 401', async () => {
    expect((await t.api('GET', '/api/documents/required')).status).toBe(401);
  });
});

describe('GET /api/documents/{id}', () => {
  it('when the document exists, then {id, title, version, content, updatedAt}', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('GET', `/api/documents/${privacy.id}`, { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: privacy.id, title: 'Privacy Notice', version: '1.0', content: expect.stringContaining('<ul>'), updatedAt: expect.any(String) });
  });

  it('when the content was saved with scripts or handlers, then it is served sanitised', async () => {
    const doc = await createCompanyDocument(t.service.pool, {
      title: 'Unsafe',
      content: '<h3>Rules</h3><script>alert(1)</script><p onmouseover="x()">Hello</p><a href="javascript:alert(1)">link</a>',
      type: 'unsafe',
      requiresAcceptance: false,
    });
    const worker = await t.registerWorker();
    const res = await t.api('GET', `/api/documents/${doc.id}`, { token: worker.token });
    expect(res.body.content).toBe('<h3>Rules</h3><p>Hello</p><a rel="noopener noreferrer">link</a>');
    await t.service.pool.query('DELETE FROM company_documents WHERE id = $1', [doc.id]);
  });

  it('when the document does not exist or the id is not a uuid, then the same 404 (ids are never confirmed)', async () => {
    const worker = await t.registerWorker();
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await t.api('GET', `/api/documents/${id}`, { token: worker.token });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Document not found', code: 'AUTH.DOCUMENT_NOT_FOUND' });
    }
  });
});

describe('POST /api/documents/{id}/accept', () => {
  it('when a user accepts, then the record carries the current version, the forwarded client address and the user agent', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', `/api/documents/${terms.id}/accept`, {
      token: worker.token,
      body: { userAgent: 'Mozilla/5.0 (test)' },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      userId: worker.user.id,
      documentId: terms.id,
      documentVersion: '1.0',
      acceptedAt: expect.any(String),
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test)',
    });
    const required = (await t.api('GET', '/api/documents/required', { token: worker.token })).body;
    expect(required.map((d: { accepted: boolean }) => d.accepted)).toEqual([true, false]);
  });

  it('when there is no forwarded header, then the address of the connection is recorded', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', `/api/documents/${terms.id}/accept`, { token: worker.token, body: { userAgent: 'ua' } });
    expect(res.body.ipAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('when the user accepts the same version twice, then one record, returned both times', async () => {
    const worker = await t.registerWorker();
    const [a, b] = await Promise.all([
      t.api('POST', `/api/documents/${terms.id}/accept`, { token: worker.token, body: { userAgent: 'one' } }),
      t.api('POST', `/api/documents/${terms.id}/accept`, { token: worker.token, body: { userAgent: 'two' } }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.id).toBe(b.body.id);
    expect(await acceptanceCount(worker.user.id)).toBe(1);
  });

  it('when the body tries to send the address, then 400 and nothing is recorded', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', `/api/documents/${terms.id}/accept`, { token: worker.token, body: { userAgent: 'ua', ipAddress: '1.2.3.4' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field(s): ipAddress');
    expect(await acceptanceCount(worker.user.id)).toBe(0);
  });

  it('when the document does not exist, then 404 and nothing is recorded; without a token, 401', async () => {
    const worker = await t.registerWorker();
    expect((await t.api('POST', `/api/documents/${randomUUID()}/accept`, { token: worker.token, body: { userAgent: 'ua' } })).status).toBe(404);
    expect(await acceptanceCount(worker.user.id)).toBe(0);
    expect((await t.api('POST', `/api/documents/${terms.id}/accept`, { body: { userAgent: 'ua' } })).status).toBe(401);
  });
});

describe('POST /api/user/documents-completed', () => {
  it('when a required document is not accepted, then 400 with the onboarding message and the user is unchanged', async () => {
    const worker = await t.registerWorker();
    await t.api('POST', `/api/documents/${terms.id}/accept`, { token: worker.token, body: { userAgent: 'ua' } });
    const res = await t.api('POST', '/api/user/documents-completed', { token: worker.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Incomplete - Please accept all required documents before continuing', code: 'AUTH.DOCUMENTS_INCOMPLETE' });
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.documentsAccepted).toBe(false);
  });

  it('when every required document is accepted, then the updated user with documentsAccepted true', async () => {
    const worker = await t.registerWorker();
    for (const doc of [terms, privacy]) {
      expect((await t.api('POST', `/api/documents/${doc.id}/accept`, { token: worker.token, body: { userAgent: 'ua' } })).status).toBe(200);
    }
    const res = await t.api('POST', '/api/user/documents-completed', { token: worker.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: worker.user.id, documentsAccepted: true, documentsAcceptedAt: expect.any(String), balance: null });
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.documentsAccepted).toBe(true);
  });

  it('when a document gets a new version, then the earlier acceptance no longer counts', async () => {
    const doc = await createCompanyDocument(t.service.pool, { title: 'Code of Conduct', content: '<p>Be kind.</p>', type: 'conduct', sortOrder: 5 });
    const worker = await t.registerWorker();
    for (const d of [terms, privacy, doc]) await t.api('POST', `/api/documents/${d.id}/accept`, { token: worker.token, body: { userAgent: 'ua' } });
    await t.service.pool.query("UPDATE company_documents SET version = '1.1', updated_at = now() WHERE id = $1", [doc.id]);

    const required = (await t.api('GET', '/api/documents/required', { token: worker.token })).body as { id: string; accepted: boolean; version: string }[];
    expect(required.find((d) => d.id === doc.id)).toMatchObject({ version: '1.1', accepted: false });
    expect((await t.api('POST', '/api/user/documents-completed', { token: worker.token })).status).toBe(400);

    const again = await t.api('POST', `/api/documents/${doc.id}/accept`, { token: worker.token, body: { userAgent: 'ua' } });
    expect(again.body.documentVersion).toBe('1.1');
    expect(await acceptanceCount(worker.user.id)).toBe(4);
    expect((await t.api('POST', '/api/user/documents-completed', { token: worker.token })).status).toBe(200);
    await t.service.pool.query('DELETE FROM company_documents WHERE id = $1', [doc.id]);
  });

  it('when the body has fields, then 400', async () => {
    const worker = await t.registerWorker();
    const res = await t.api('POST', '/api/user/documents-completed', { token: worker.token, body: { documentsAccepted: true } });
    expect(res.status).toBe(400);
  });
});
