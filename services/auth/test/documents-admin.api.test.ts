import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/domain/create-admin.use-case.js';
import { outboxRows, startTestService, uniqueEmail, type TTestService } from './helpers.js';

let t: TTestService;
let adminToken: string;

beforeAll(async () => {
  t = await startTestService('auth_documents_admin');
  const email = uniqueEmail('admin');
  await createAdmin(t.service.pool, { email, password: 'a-long-admin-password' });
  adminToken = (await t.api('POST', '/api/auth/login', { body: { email, password: 'a-long-admin-password' } })).body.token as string;
});
afterAll(async () => {
  await t?.close();
});

/** A worker who accepted every required document and finished document onboarding. */
async function onboardedWorker() {
  const worker = await t.registerWorker();
  const required = (await t.api('GET', '/api/documents/required', { token: worker.token })).body as { id: string }[];
  for (const doc of required) expect((await t.api('POST', `/api/documents/${doc.id}/accept`, { token: worker.token })).status).toBe(200);
  const done = await t.api('POST', '/api/user/documents-completed', { token: worker.token });
  expect(done.status).toBe(200);
  expect(done.body.documentsAccepted).toBe(true);
  return worker;
}

describe('GET, POST /api/admin/documents; PATCH, DELETE /api/admin/documents/{id}', () => {
  it('when an admin creates a document, then its HTML is sanitised on save, it starts at version 1.0, and a worker must accept it', async () => {
    const worker = await onboardedWorker();
    const created = await t.api('POST', '/api/admin/documents', {
      token: adminToken,
      body: { title: 'Code of Conduct', content: '<h2>Be kind</h2><script>alert(1)</script><p onclick="x()">Respect <a href="javascript:alert(1)">all</a></p>', type: 'conduct' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Code of Conduct', version: '1.0', isActive: true, requiresAcceptance: true, acceptedCount: 0, acceptances: [] });
    expect(created.body.content).toBe('<h2>Be kind</h2><p>Respect <a rel="noopener noreferrer">all</a></p>');
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.documentsAccepted).toBe(false);
    await t.api('DELETE', `/api/admin/documents/${created.body.id}`, { token: adminToken });
  });

  it('when the content of a document changes, then the version rises, a user who accepted the old one must accept again, and acceptances are counted per version', async () => {
    const created = await t.api('POST', '/api/admin/documents', { token: adminToken, body: { title: 'House rules', content: '<p>Version one</p>', type: 'rules', sortOrder: 5 } });
    const id = created.body.id as string;
    const worker = await onboardedWorker();
    expect((await t.api('GET', '/api/admin/documents?pageSize=100', { token: adminToken })).body.items.find((d: { id: string }) => d.id === id)).toMatchObject({ version: '1.0', acceptedCount: 1 });

    // A change of title or order only keeps the version and the acceptance.
    const retitled = await t.api('PATCH', `/api/admin/documents/${id}`, { token: adminToken, body: { title: 'House rules (short)', sortOrder: 6, content: '<p>Version one</p>' } });
    expect(retitled.body).toMatchObject({ version: '1.0', acceptedCount: 1 });
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.documentsAccepted).toBe(true);

    const changed = await t.api('PATCH', `/api/admin/documents/${id}`, { token: adminToken, body: { content: '<p>Version two</p>' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ version: '2.0', acceptedCount: 0, acceptances: [{ version: '1.0', count: 1 }] });

    // The worker is asked again: onboarding is not finished, the document is listed as not accepted, completing is refused.
    expect((await t.api('GET', '/api/auth/me', { token: worker.token })).body.documentsAccepted).toBe(false);
    const required = (await t.api('GET', '/api/documents/required', { token: worker.token })).body as { id: string; version: string; accepted: boolean }[];
    expect(required.find((d) => d.id === id)).toMatchObject({ version: '2.0', accepted: false });
    expect((await t.api('POST', '/api/user/documents-completed', { token: worker.token })).status).toBe(400);

    expect((await t.api('POST', `/api/documents/${id}/accept`, { token: worker.token })).body.documentVersion).toBe('2.0');
    expect((await t.api('POST', '/api/user/documents-completed', { token: worker.token })).body.documentsAccepted).toBe(true);
    const listed = (await t.api('GET', '/api/admin/documents?pageSize=100', { token: adminToken })).body.items.find((d: { id: string }) => d.id === id);
    expect(listed).toMatchObject({ version: '2.0', acceptedCount: 1, acceptances: [{ version: '2.0', count: 1 }, { version: '1.0', count: 1 }] });

    expect((await t.api('DELETE', `/api/admin/documents/${id}`, { token: adminToken })).body).toEqual({ message: 'Document deleted' });
    // Every change is published for the audit log, with the versions.
    const changes = (await outboxRows(t, 'document.changed')).map((e) => e.payload.data).filter((d) => d.documentId === id);
    expect(changes.map((d) => [d.action, d.previousVersion, d.version])).toEqual([
      ['created', null, '1.0'],
      ['updated', '1.0', '1.0'],
      ['updated', '1.0', '2.0'],
      ['deleted', '2.0', '2.0'],
    ]);
    expect((await t.api('DELETE', `/api/admin/documents/${id}`, { token: adminToken })).status).toBe(404);
  });

  it('when a worker calls, or the input is wrong, then 403 / 400 with the message and nothing is saved', async () => {
    const worker = await t.registerWorker();
    expect((await t.api('GET', '/api/admin/documents', { token: worker.token })).status).toBe(403);
    expect((await t.api('POST', '/api/admin/documents', { token: worker.token, body: { title: 'x', content: 'y', type: 'z' } })).status).toBe(403);
    const before = (await t.api('GET', '/api/admin/documents', { token: adminToken })).body.total;
    const noTitle = await t.api('POST', '/api/admin/documents', { token: adminToken, body: { title: '', content: '<p>x</p>', type: 'z' } });
    expect(noTitle.body).toMatchObject({ message: 'Title is required', field: 'title' });
    const onlyScript = await t.api('POST', '/api/admin/documents', { token: adminToken, body: { title: 'T', content: '<script>x</script>', type: 'z' } });
    expect(onlyScript.body).toMatchObject({ message: 'Content is required', field: 'content' });
    expect((await t.api('POST', '/api/admin/documents', { token: adminToken, body: { title: 'T', content: '<p>x</p>', type: 'z'.repeat(51) } })).body.message).toBe(
      'Type is too long (at most 50 characters)',
    );
    expect((await t.api('PATCH', `/api/admin/documents/${randomUUID()}`, { token: adminToken, body: { title: 'x' } })).status).toBe(404);
    expect((await t.api('GET', '/api/admin/documents', { token: adminToken })).body.total).toBe(before);
  });
});

describe('GET, PUT /api/user/leaderboard-preference', () => {
  it('when a worker opts out, then it is stored and published with user.updated (once; the same value again publishes nothing)', async () => {
    const worker = await t.registerWorker();
    expect((await t.api('GET', '/api/user/leaderboard-preference', { token: worker.token })).body).toEqual({ leaderboardOptOut: false });
    const put = await t.api('PUT', '/api/user/leaderboard-preference', { token: worker.token, body: { leaderboardOptOut: true } });
    expect(put.body).toEqual({ leaderboardOptOut: true });
    await t.api('PUT', '/api/user/leaderboard-preference', { token: worker.token, body: { leaderboardOptOut: true } });
    expect((await t.api('GET', '/api/user/leaderboard-preference', { token: worker.token })).body).toEqual({ leaderboardOptOut: true });
    const events = (await outboxRows(t, 'user.updated')).filter((e) => e.payload.data.userId === worker.user.id);
    expect(events.map((e) => e.payload.data.leaderboardOptOut)).toEqual([true]);
    expect((await t.api('PUT', '/api/user/leaderboard-preference', { token: worker.token, body: { leaderboardOptOut: 'yes' } })).status).toBe(400);
  });
});
