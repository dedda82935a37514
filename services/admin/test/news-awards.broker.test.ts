import { randomUUID } from 'node:crypto';
import type { TEventEnvelope } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { computeLeaderboards } from '../src/domain/awards.use-case.js';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { READ_MODEL_QUEUE } from '../src/entry-points/messaging/read-model-events.handler.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { envelope, submissionApproved, submissionRejected, userRegistered } from './events.js';
import { callApi, connectTestBroker, readOutbox, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  h = await startAdminHarness('admin_news_awards', { LEADERBOARDS_INTERVAL_MS: String(24 * 60 * 60_000), NEWS_MAIL_SWEEP_INTERVAL_MS: '500' });
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(READ_MODEL_QUEUE);
  await broker.waitForConsumer(MAIL_QUEUE);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

const news = (body: unknown, token?: string | null) => callApi(h, 'POST', '/api/news', { body, ...(token !== undefined ? { token } : {}) });

describe('GET, POST /api/news; PATCH, DELETE /api/news/{id}', () => {
  it('when an admin saves a draft and a published item, then a worker sees only the published ones, newest first, and the admin list has both', async () => {
    const draft = await news({ title: 'Draft plans', content: 'Not yet' });
    expect(draft.status).toBe(201);
    expect(draft.body.isPublished).toBe(false);
    const older = await news({ title: 'Older news', content: 'First line\nSecond line', isPublished: true, createdAt: '2020-01-02T10:00:00Z' });
    expect(older.body.createdAt).toBe('2020-01-02T10:00:00.000Z');
    const newer = await news({ title: 'Newer news', content: '<p>Hello <b>team</b></p><script>alert(1)</script>', isPublished: true });
    expect(newer.body.content).toBe('Hello team');

    const worker = await callApi(h, 'GET', '/api/news', { token: h.employeeToken });
    expect(worker.status).toBe(200);
    expect(worker.body.items.map((n: { title: string }) => n.title)).toEqual(['Newer news', 'Older news']);
    expect(worker.body.total).toBe(2);
    expect(worker.body.items[1].content).toBe('First line\nSecond line');
    const page1 = await callApi(h, 'GET', '/api/news?pageSize=1', { token: h.employeeToken });
    const page2 = await callApi(h, 'GET', `/api/news?pageSize=1&cursor=${page1.body.nextCursor}`, { token: h.employeeToken });
    expect(page2.body.items.map((n: { title: string }) => n.title)).toEqual(['Older news']);
    expect(page2.body.nextCursor).toBeNull();

    // The admin's list has the drafts too; GET /api/news is the published items for everyone.
    const admin = await callApi(h, 'GET', '/api/admin/news');
    expect(admin.body.items.map((n: { title: string }) => n.title)).toEqual(['Newer news', 'Draft plans', 'Older news']);
    expect((await callApi(h, 'GET', '/api/news')).body.total).toBe(2);
    expect((await callApi(h, 'GET', '/api/admin/news', { token: h.employeeToken })).status).toBe(403);

    // Unpublishing hides an item from workers at once; publishing shows it.
    await callApi(h, 'PATCH', `/api/news/${newer.body.id}`, { body: { isPublished: false } });
    await callApi(h, 'PATCH', `/api/news/${draft.body.id}`, { body: { isPublished: true, title: 'Plans' } });
    const after = await callApi(h, 'GET', '/api/news', { token: h.employeeToken });
    expect(after.body.items.map((n: { title: string }) => n.title)).toEqual(['Plans', 'Older news']);
    expect(after.body.items.every((n: { isPublished: boolean }) => n.isPublished)).toBe(true);

    expect((await callApi(h, 'DELETE', `/api/news/${older.body.id}`)).body).toEqual({ message: 'News deleted' });
    expect((await callApi(h, 'DELETE', `/api/news/${older.body.id}`)).status).toBe(404);
    await callApi(h, 'DELETE', `/api/news/${newer.body.id}`);
    await callApi(h, 'DELETE', `/api/news/${draft.body.id}`);

    // Each change is announced (news.changed, with the commit) for the services that show titles (chat assistants).
    const announced = await h.service.pool.query(
      `SELECT payload->'data' AS data FROM outbox WHERE type = 'news.changed' AND payload->'data'->>'newsId' = $1 ORDER BY seq`,
      [draft.body.id],
    );
    expect(announced.rows.map((r: { data: { title: string; isPublished: boolean; deleted: boolean } }) => [r.data.title, r.data.isPublished, r.data.deleted])).toEqual([
      ['Draft plans', false, false],
      ['Plans', true, false],
      ['Plans', true, true],
    ]);
  });

  it('when a worker writes, or the input is wrong, then 403 / 400 with the message and nothing is saved', async () => {
    expect((await news({ title: 'x', content: 'y' }, h.employeeToken)).status).toBe(403);
    expect((await callApi(h, 'GET', '/api/news', { token: null })).status).toBe(401);
    const noTitle = await news({ title: '  ', content: 'y' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toMatchObject({ message: 'Title is required', field: 'title' });
    expect((await news({ title: 'T', content: '<b></b>' })).body).toMatchObject({ message: 'Content is required', field: 'content' });
    expect((await news({ title: 'T\u0000', content: 'y' })).body.message).toBe('Title must not contain control characters');
    expect((await news({ title: 'T', content: 'y', authorId: randomUUID() })).status).toBe(400);
    expect((await callApi(h, 'PATCH', `/api/news/${randomUUID()}`, { body: { title: 'x' } })).status).toBe(404);
    expect((await callApi(h, 'GET', '/api/admin/news')).body.total).toBe(0);
  });

  it('when an item is published with "also e-mail everyone", then every user gets it once; without the tick or as a draft, nobody', async () => {
    const users = [userRegistered({ email: 'n1@example.com', firstName: 'Nia' }), userRegistered({ email: 'n2@example.com', firstName: 'Noa' })];
    await broker.publish(...users);
    await eventually(async () => Number((await h.service.pool.query('SELECT count(*) AS n FROM users_copy')).rows[0].n) >= 2, { what: 'the users copied' });

    const quiet = await news({ title: 'Quiet news', content: 'No mail', isPublished: true });
    const draft = await news({ title: 'Draft mail', content: 'No mail', emailEveryone: true });
    const loud = await news({ title: 'Loud news', content: 'Line 1\nLine 2', isPublished: true, emailEveryone: true });
    expect(loud.status).toBe(201);
    const newsMails = async () => (await readOutbox(h.outboxDir)).filter((m) => m.file.includes('-news-'));
    await eventually(async () => (await newsMails()).length >= 2, { what: 'two news mails' });
    // Ticking again on edit does not send it twice.
    await callApi(h, 'PATCH', `/api/news/${loud.body.id}`, { body: { emailEveryone: true, title: 'Loud news' } });
    await eventually(async () => (await h.service.pool.query('SELECT email_done_at FROM company_news WHERE id = $1', [loud.body.id])).rows[0].email_done_at !== null, {
      what: 'the mailing finished',
    });
    const mails = await newsMails();
    expect(mails.map((m) => m.headers.to).sort()).toEqual(['n1@example.com', 'n2@example.com']);
    expect(mails.every((m) => m.headers.subject === 'Loud news' && m.body.includes('Line 1'))).toBe(true);
    const requested = await h.service.pool.query('SELECT id FROM company_news WHERE email_requested_at IS NOT NULL');
    expect(requested.rows.map((r) => r.id)).toEqual([loud.body.id]);
    expect([quiet.status, draft.status]).toEqual([201, 201]);
  });
});

describe('the leaderboards job and GET /api/awards', () => {
  it('when the reviews of a known set of workers are consumed, then each period ranks them as expected, and two runs at once store each award once', async () => {
    const workers = Array.from({ length: 7 }, (_, i) => userRegistered({ firstName: `W${i}`, lastName: 'Worker', email: `w${i}@example.com` }));
    const optedOut = workers[6]!;
    const ids = workers.map((w) => w.data.userId);
    const now = Date.now();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000).toISOString();
    const events: TEventEnvelope[] = [];
    const approve = (i: number, reward: string, days: number) => events.push(submissionApproved({ userId: ids[i]!, assignmentId: randomUUID(), reward, approvedAt: daysAgo(days) }));
    const reject = (i: number, days: number) => events.push(submissionRejected({ userId: ids[i]!, assignmentId: randomUUID(), rejectedAt: daysAgo(days) }));
    // W0: 5 approved x 10.00 this week (50.00, 100%). W1: 2 x 40.00 this week (80.00) + 3 rejected (40%).
    for (let i = 0; i < 5; i += 1) approve(0, '10.00', 1);
    approve(1, '40.00', 2);
    approve(1, '40.00', 2);
    for (let i = 0; i < 3; i += 1) reject(1, 2);
    // W2: 6 approved x 5.00 two months ago (30.00), 1 rejected (85.71%). W3: 200.00 two years ago.
    for (let i = 0; i < 6; i += 1) approve(2, '5.00', 60);
    reject(2, 60);
    approve(3, '200.00', 800);
    // W4 and W5: one small task each this month; W6 earns most but opted out of the leaderboards.
    approve(4, '1.00', 20);
    approve(5, '2.00', 20);
    for (let i = 0; i < 5; i += 1) approve(6, '100.00', 1);
    // The same approval delivered twice counts once.
    const duplicate = events[0]!;
    await broker.publish(...workers);
    await broker.publish(
      envelope('user.updated', { ...optedOut.data, isActive: true, isVerified: false, updatedAt: new Date().toISOString(), leaderboardOptOut: true, registeredAt: undefined }),
    );
    await broker.publish(...events, duplicate);
    await eventually(async () => Number((await h.service.pool.query('SELECT count(*) AS n FROM leaderboard_reviews')).rows[0].n) === events.length, {
      what: 'every review consumed',
    });
    await eventually(async () => (await h.service.pool.query('SELECT opted_out FROM leaderboard_users WHERE user_id = $1', [optedOut.data.userId])).rows[0]?.opted_out === true, {
      what: 'the opt-out consumed',
    });

    const deps = { pool: h.service.pool, logger: h.service.logger };
    await Promise.all([computeLeaderboards(deps), computeLeaderboards(deps)]);

    const duplicates = await h.service.pool.query(`SELECT period, category, rank, count(*) FROM awards WHERE source = 'computed' GROUP BY 1, 2, 3 HAVING count(*) > 1`);
    expect(duplicates.rows).toEqual([]);

    // Every award fits one page of 100 (at most 75 computed ones).
    const awards = (await callApi(h, 'GET', '/api/awards?pageSize=100', { token: h.employeeToken })).body.items as { userId: string; category: string; period: string; rank: number; value: string; source: string; firstName: string }[];
    const board = (period: string, category: string) =>
      awards.filter((a) => a.period === period && a.category === category && a.source === 'computed').sort((a, b) => a.rank - b.rank).map((a) => `${a.firstName}:${a.value}`);
    expect(board('weekly', 'top_earner')).toEqual(['W1:80.00', 'W0:50.00']);
    expect(board('weekly', 'top_completion')).toEqual(['W0:5.00', 'W1:2.00']);
    expect(board('weekly', 'top_rate')).toEqual(['W0:100.00', 'W1:40.00']);
    expect(board('monthly', 'top_earner')).toEqual(['W1:80.00', 'W0:50.00', 'W5:2.00', 'W4:1.00']);
    expect(board('quarterly', 'top_rate')).toEqual(['W0:100.00', 'W2:85.71', 'W1:40.00']);
    expect(board('quarterly', 'top_completion')).toEqual(['W2:6.00', 'W0:5.00', 'W1:2.00', 'W5:1.00', 'W4:1.00']);
    expect(board('all_time', 'top_earner')).toEqual(['W3:200.00', 'W1:80.00', 'W0:50.00', 'W2:30.00', 'W5:2.00']);
    expect(awards.some((a) => a.userId === optedOut.data.userId)).toBe(false);

    // A later run with the same data keeps the same awards (ids too).
    const before = (await h.service.pool.query(`SELECT id FROM awards WHERE source = 'computed' ORDER BY id`)).rows;
    await computeLeaderboards(deps);
    expect((await h.service.pool.query(`SELECT id FROM awards WHERE source = 'computed' ORDER BY id`)).rows).toEqual(before);
  });

  it('when an admin adds a manual award, then it must name an existing user, is marked manual, and can be edited and deleted; computed ones cannot', async () => {
    const user = userRegistered({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    await broker.publish(user);
    await eventually(async () => (await h.service.pool.query('SELECT 1 FROM leaderboard_users WHERE user_id = $1', [user.data.userId])).rowCount === 1, { what: 'the user known' });

    const body = { userId: user.data.userId, firstName: 'Typed', lastName: 'Name', category: 'top_rate', rank: 2, value: '97.5', period: 'monthly' };
    const nobody = await callApi(h, 'POST', '/api/admin/awards', { body: { ...body, userId: randomUUID() } });
    expect(nobody.status).toBe(400);
    expect(nobody.body).toMatchObject({ message: 'User not found', code: 'ADMIN.AWARD_USER_NOT_FOUND', field: 'userId' });
    expect((await callApi(h, 'POST', '/api/admin/awards', { body: { ...body, userId: 'not-a-user' } })).status).toBe(400);
    expect((await callApi(h, 'POST', '/api/admin/awards', { body: { ...body, rank: 6 } })).body.message).toBe('Rank must be a whole number from 1 to 5');
    expect((await callApi(h, 'POST', '/api/admin/awards', { body, token: h.employeeToken })).status).toBe(403);

    const created = await callApi(h, 'POST', '/api/admin/awards', { body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: user.data.userId, firstName: 'Grace', lastName: 'Hopper', source: 'manual', value: '97.50', rank: 2, createdBy: h.adminId });
    const updated = await callApi(h, 'PUT', `/api/admin/awards/${created.body.id}`, { body: { ...body, rank: 1, value: 99 } });
    expect(updated.body).toMatchObject({ rank: 1, value: '99.00', source: 'manual' });
    const listed = (await callApi(h, 'GET', '/api/awards?period=monthly&category=top_rate', { token: h.employeeToken })).body.items;
    expect(listed.find((a: { id: string }) => a.id === created.body.id)).toMatchObject({ firstName: 'Grace', source: 'manual' });

    const computed = (await h.service.pool.query(`SELECT id FROM awards WHERE source = 'computed' LIMIT 1`)).rows[0];
    expect((await callApi(h, 'PUT', `/api/admin/awards/${computed.id}`, { body })).status).toBe(409);
    expect((await callApi(h, 'DELETE', `/api/admin/awards/${computed.id}`)).status).toBe(409);

    expect((await callApi(h, 'DELETE', `/api/admin/awards/${created.body.id}`)).body).toEqual({ message: 'Award deleted' });
    expect((await callApi(h, 'DELETE', `/api/admin/awards/${created.body.id}`)).status).toBe(404);
    const audit = await h.service.pool.query(`SELECT action FROM audit_log WHERE target_type = 'award' AND target_id = $1 ORDER BY created_at`, [created.body.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['award.created', 'award.updated', 'award.deleted']);
  });
});

describe('the audit log of document changes', () => {
  it('when auth publishes document.changed, then the change is an audit row of the admin with the versions', async () => {
    await broker.waitForConsumer(AUDIT_QUEUE);
    const documentId = randomUUID();
    await broker.publish(
      envelope('document.changed', {
        documentId,
        action: 'updated',
        title: 'House rules',
        type: 'rules',
        version: '2.0',
        previousVersion: '1.0',
        isActive: true,
        requiresAcceptance: true,
        changedBy: h.adminId,
        changedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => (await h.service.pool.query('SELECT 1 FROM audit_log WHERE target_id = $1', [documentId])).rowCount === 1, { what: 'the audit row' });
    const row = (await h.service.pool.query('SELECT actor_id, action, target_type, before, after FROM audit_log WHERE target_id = $1', [documentId])).rows[0];
    expect(row).toMatchObject({ actor_id: h.adminId, action: 'document.updated', target_type: 'document', before: { version: '1.0' }, after: { version: '2.0', title: 'House rules' } });
  });
});

describe('the audit log of reason templates (issue 30)', () => {
  it('when work publishes review_template.changed (created, updated, deleted), then each is an audit row of the admin with the text before and after', async () => {
    await broker.waitForConsumer(AUDIT_QUEUE);
    const templateId = randomUUID();
    const first: { title: string; body: string; criterion: number | null; sortOrder: number } = { title: 'Cropped', body: 'Hi {{firstName}}, the photo is cropped.', criterion: null, sortOrder: 0 };
    const second = { title: 'Cropped', body: 'Hi {{firstName}}: {{criterion}}', criterion: 1, sortOrder: 2 };
    const change = (action: 'created' | 'updated' | 'deleted', before: typeof first | null, after: typeof first | null, at: number) =>
      envelope('review_template.changed', { templateId, action, before, after, changedBy: h.adminId, changedAt: new Date(Date.now() + at).toISOString() });
    await broker.publish(change('created', null, first, 0), change('updated', first, second, 1000), change('deleted', second, null, 2000));
    await eventually(async () => (await h.service.pool.query('SELECT 1 FROM audit_log WHERE target_id = $1', [templateId])).rowCount === 3, { what: 'three audit rows' });
    const rows = (await h.service.pool.query('SELECT actor_id, action, target_type, before, after FROM audit_log WHERE target_id = $1 ORDER BY created_at', [templateId])).rows;
    expect(rows.map((r) => r.action)).toEqual(['review_template.created', 'review_template.updated', 'review_template.deleted']);
    expect(rows[1]).toMatchObject({ actor_id: h.adminId, target_type: 'review_template', before: first, after: second });
    expect(rows[2]).toMatchObject({ before: second, after: null });
  });
});
