import { randomUUID } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, type TEventEnvelope } from '@platform/contracts';
import { createAmqpConnection, createLogger } from '@platform/service-kit';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateClicks } from '../src/domain/referrals.use-case.js';
import { startTestService, uniqueEmail, type TTestService } from './helpers.js';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TTestService;
let adminToken: string;
let workerToken: string;
let cryptoGamingId: string;
let professionalId: string;

beforeAll(async () => {
  t = await startTestService('auth_referrals');
  const admin = await t.registerWorker({ email: uniqueEmail('admin'), firstName: 'Root', lastName: 'Admin' });
  await t.service.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.user.id]);
  const login = await t.api('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
  adminToken = login.body.token as string;
  workerToken = (await t.registerWorker()).token;
  const pages = await t.api('GET', '/api/admin/landing-pages/active', { token: adminToken });
  cryptoGamingId = pages.body.find((p: { name: string }) => p.name === 'crypto-gaming').id;
  professionalId = pages.body.find((p: { name: string }) => p.name === 'professional-tester').id;
});
afterAll(async () => {
  await t?.close();
});

async function createLink(body: Record<string, unknown>) {
  return t.api('POST', '/api/admin/referral-links', { token: adminToken, body: { name: 'Campaign', landingPageId: cryptoGamingId, ...body } });
}

async function linkById(id: string) {
  const list = await t.api('GET', '/api/admin/referral-links?pageSize=100', { token: adminToken });
  return list.body.items.find((l: { id: string }) => l.id === id);
}

function click(code: string, address: string, headers: Record<string, string> = {}) {
  return t.api('POST', `/api/referral/${code}/track-click`, {
    body: { timestamp: new Date().toISOString() },
    headers: { 'x-forwarded-for': address, 'user-agent': BROWSER, referer: 'https://t.me/somechannel', ...headers },
  });
}

async function registrationsOf(userId: string): Promise<number> {
  const { rows } = await t.service.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM referral_registrations WHERE user_id = $1', [userId]);
  return rows[0]!.n;
}

describe('POST /api/admin/referral-links', () => {
  it('when no code is given, then a short code of unambiguous characters is generated and the link is listed with its landing page', async () => {
    const res = await createLink({ code: '', name: 'Telegram spring', description: 'Posts in the channel' });
    expect(res.status).toBe(201);
    expect(res.body.code).toHaveLength(7);
    for (const ch of res.body.code as string) expect(REFERRAL_CODE_ALPHABET).toContain(ch);
    expect(res.body).toMatchObject({ name: 'Telegram spring', isActive: true, landingPage: { name: 'crypto-gaming' }, totalClicks: 0, totalRegistrations: 0, conversionRate: null });
    expect((await linkById(res.body.id)).code).toBe(res.body.code);
  });

  it('when a code is taken in another case or reserved, or the name or landing page is missing, then it is refused on its field', async () => {
    expect((await createLink({ code: 'Summer-26' })).status).toBe(201);
    const taken = await createLink({ code: 'SUMMER-26' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'AUTH.REFERRAL_CODE_TAKEN', field: 'code' });
    const reserved = await createLink({ code: 'Admin' });
    expect(reserved.status).toBe(400);
    expect(reserved.body).toMatchObject({ code: 'AUTH.REFERRAL_CODE_RESERVED', field: 'code' });
    const noName = await createLink({ name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Please fill in required fields');
    const noPage = await t.api('POST', '/api/admin/referral-links', { token: adminToken, body: { name: 'x' } });
    expect(noPage.status).toBe(400);
    expect(noPage.body.message).toBe('Please fill in required fields');
    const unknownPage = await createLink({ landingPageId: randomUUID() });
    expect(unknownPage.status).toBe(400);
    expect(unknownPage.body.field).toBe('landingPageId');
    expect((await createLink({ code: 'bad code!' })).status).toBe(400);
  });

  it('when a worker calls it, then 403', async () => {
    expect((await t.api('GET', '/api/admin/referral-links', { token: workerToken })).status).toBe(403);
    expect((await t.api('POST', '/api/admin/referral-links', { token: workerToken, body: { name: 'x', landingPageId: cryptoGamingId } })).status).toBe(403);
  });
});

describe('GET /api/referral/{code}', () => {
  it('when the code is active (any case), then isActive and landingPage.name; unknown or inactive: 404; an edit changes the page', async () => {
    const link = (await createLink({ code: 'PageTest1', landingPageId: professionalId })).body;
    const found = await t.api('GET', '/api/referral/pagetest1');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ isActive: true, landingPage: { name: 'professional-tester', displayName: 'Professional Tester' } });
    expect((await t.api('GET', '/api/referral/no-such-code')).status).toBe(404);

    const edited = await t.api('PUT', `/api/admin/referral-links/${link.id}`, { token: adminToken, body: { name: 'Renamed', landingPageId: cryptoGamingId } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', code: 'PageTest1', landingPage: { name: 'crypto-gaming' } });
    expect((await t.api('PUT', `/api/admin/referral-links/${link.id}`, { token: adminToken, body: { name: '' } })).status).toBe(400);

    await t.api('PUT', `/api/admin/referral-links/${link.id}`, { token: adminToken, body: { name: 'Renamed', isActive: false } });
    const inactive = await t.api('GET', '/api/referral/PageTest1');
    expect(inactive.status).toBe(404);
    expect(inactive.body.code).toBe('AUTH.REFERRAL_CODE_NOT_FOUND');
  });
});

describe('POST /api/referral/{code}/track-click', () => {
  it('when one address clicks 50 times at once within the hour, then one click is counted and all 50 are stored with address, agent and referer', async () => {
    const link = (await createLink({ code: 'burst-one' })).body;
    const answers = await Promise.all(Array.from({ length: 50 }, () => click('burst-one', '203.0.113.7')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.counted === true)).toHaveLength(1);
    const row = await linkById(link.id);
    expect(row).toMatchObject({ totalClicks: 1, rawClicks: 50 });
    const { rows } = await t.service.pool.query('SELECT DISTINCT ip_address, user_agent, referer FROM referral_clicks WHERE referral_link_id = $1', [link.id]);
    expect(rows).toEqual([{ ip_address: '203.0.113.7', user_agent: BROWSER, referer: 'https://t.me/somechannel' }]);
  });

  it('when 50 addresses click, then 50 are counted; the same addresses again within the hour add none', async () => {
    const link = (await createLink({ code: 'fifty-addr' })).body;
    await Promise.all(Array.from({ length: 50 }, (_, i) => click('fifty-addr', `198.51.100.${i + 1}`)));
    expect((await linkById(link.id)).totalClicks).toBe(50);
    await Promise.all(Array.from({ length: 50 }, (_, i) => click('fifty-addr', `198.51.100.${i + 1}`)));
    expect(await linkById(link.id)).toMatchObject({ totalClicks: 50, rawClicks: 100 });
  });

  it('when one IPv6 visitor clicks in five spellings of its address and from other hosts of its /64, then one click is counted', async () => {
    const link = (await createLink({ code: 'six-spell' })).body;
    const spellings = ['2001:db8:7:1::5', '2001:DB8:7:1::5', '2001:0db8:0007:0001:0000:0000:0000:0005', '2001:db8:7:1:0:0:0:5', '2001:db8:7:1::0:5', '2001:db8:7:1:aaaa:bbbb:cccc:dddd'];
    for (const address of spellings) expect((await click('six-spell', address)).status).toBe(200);
    expect(await linkById(link.id)).toMatchObject({ totalClicks: 1, rawClicks: 6 });
    // Another /64 is another visitor; an IPv4-mapped spelling is its IPv4 address.
    expect((await click('six-spell', '2001:db8:7:2::5')).body.counted).toBe(true);
    expect((await click('six-spell', '203.0.113.70')).body.counted).toBe(true);
    expect((await click('six-spell', '::ffff:203.0.113.70')).body.counted).toBe(false);
    const { rows } = await t.service.pool.query('SELECT DISTINCT ip_address FROM referral_clicks WHERE referral_link_id = $1 ORDER BY ip_address', [link.id]);
    expect(rows.map((r: { ip_address: string }) => r.ip_address)).toEqual(['2001:db8:7:1::/64', '2001:db8:7:2::/64', '203.0.113.70']);
  });

  it('when a crawler, a client without a user agent or a prefetch clicks, then nothing is counted', async () => {
    const link = (await createLink({ code: 'bots-only' })).body;
    for (let i = 0; i < 5; i += 1) expect((await click('bots-only', `192.0.2.${i + 1}`, { 'user-agent': GOOGLEBOT })).body.counted).toBe(false);
    expect((await click('bots-only', '192.0.2.50', { 'user-agent': 'curl/8.5.0' })).body.counted).toBe(false);
    expect((await click('bots-only', '192.0.2.51', { 'sec-purpose': 'prefetch;prerender' })).body.counted).toBe(false);
    expect((await click('bots-only', '192.0.2.52', { purpose: 'prefetch' })).body.counted).toBe(false);
    expect(await linkById(link.id)).toMatchObject({ totalClicks: 0, rawClicks: 8 });
    // A real visitor after all of them still counts.
    expect((await click('bots-only', '192.0.2.1')).body.counted).toBe(true);
  });

  it('when the code is unknown or inactive, then 404 and nothing is stored', async () => {
    expect((await click('nope-nope', '192.0.2.9')).status).toBe(404);
  });

  it('when raw clicks are older than 90 days, then the job folds them into per-day counts and the totals do not change', async () => {
    const link = (await createLink({ code: 'old-clicks' })).body;
    await click('old-clicks', '192.0.2.77');
    await t.service.pool.query(
      `INSERT INTO referral_clicks (referral_link_id, ip_address, counted, ignored_reason, clicked_at)
       SELECT $1, '10.0.0.' || g, g <= 3, CASE WHEN g <= 3 THEN NULL ELSE 'bot' END, now() - interval '100 days' FROM generate_series(1, 5) g`,
      [link.id],
    );
    expect(await linkById(link.id)).toMatchObject({ totalClicks: 4, rawClicks: 6 });
    const result = await aggregateClicks({ pool: t.service.pool }, { batchSize: 2 });
    expect(result.folded).toBeGreaterThanOrEqual(5);
    expect(await linkById(link.id)).toMatchObject({ totalClicks: 4, rawClicks: 1 });
    const { rows } = await t.service.pool.query('SELECT counted_clicks, raw_clicks FROM referral_click_days WHERE referral_link_id = $1', [link.id]);
    expect(rows).toEqual([{ counted_clicks: 3, raw_clicks: 5 }]);
    expect((await aggregateClicks({ pool: t.service.pool }, { batchSize: 2 })).folded).toBe(0);
  });
});

describe('registration through a referral link', () => {
  it('when a visitor registers with the code (any case), then one referral_registration; a login or a second attempt adds none', async () => {
    const link = (await createLink({ code: 'join-us' })).body;
    await click('join-us', '203.0.113.200');
    const worker = await t.registerWorker({ referralSource: 'JOIN-US' });
    expect(await registrationsOf(worker.user.id)).toBe(1);
    expect((await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } })).status).toBe(200);
    const again = await t.api('POST', '/api/auth/register', {
      body: { email: worker.email, password: 'Secret123', confirmPassword: 'Secret123', firstName: 'A', lastName: 'B', referralSource: 'join-us' },
    });
    expect(again.status).toBe(409);
    expect(await registrationsOf(worker.user.id)).toBe(1);
    expect(await linkById(link.id)).toMatchObject({ totalClicks: 1, totalRegistrations: 1, conversionRate: 1 });
    const stats = await t.api('GET', '/api/admin/referral-stats', { token: adminToken });
    expect(stats.status).toBe(200);
    expect(stats.body.totalRegistrations).toBeGreaterThanOrEqual(1);
    expect(stats.body.registrationsLast30Days).toBe(stats.body.totalRegistrations);
    expect(stats.body.totalClicks).toBe(stats.body.clicksLast30Days + 3);
  });

  it('when the link is inactive or unknown, then registering with it still works and attributes nothing', async () => {
    const link = (await createLink({ code: 'gone-link', isActive: false })).body;
    const worker = await t.registerWorker({ referralSource: 'gone-link' });
    expect(worker.user.id).toBeTruthy();
    expect(await registrationsOf(worker.user.id)).toBe(0);
    expect((await linkById(link.id)).totalRegistrations).toBe(0);
    const unknown = await t.registerWorker({ referralSource: 'never-made' });
    expect(await registrationsOf(unknown.user.id)).toBe(0);
  });

  it('when the referred worker has a task approved and a withdrawal paid (events), then the link shows them in its funnel', async () => {
    const link = (await createLink({ code: 'funnel-1' })).body;
    const worker = await t.registerWorker({ referralSource: 'funnel-1' });
    const amqp = createAmqpConnection({ url: TEST_RABBITMQ_URL, exchange: t.env.exchange, logger: createLogger({ service: 'test', level: 'silent' }) });
    try {
      await amqp.waitUntilConnected();
      const envelope = <T>(type: string, data: T): TEventEnvelope<T> => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: null, data });
      const events = [
        envelope('submission.approved', { userId: worker.user.id, assignmentId: randomUUID(), taskId: randomUUID(), reward: '5.00', approvedAt: new Date().toISOString(), approvedBy: null }),
        envelope('withdrawal.decided', {
          withdrawalId: randomUUID(), userId: worker.user.id, amount: '5.00', currency: 'USDT', status: 'approved', adminComment: null, txReference: '0x1',
          decidedBy: randomUUID(), decidedAt: new Date().toISOString(), email: null, firstName: null,
        }),
      ];
      await eventually(async () => {
        const ch = await amqp.createConfirmChannel();
        try {
          for (const e of events) ch.publish(t.env.exchange, e.type, Buffer.from(JSON.stringify(e)), { persistent: true, messageId: e.id, contentType: 'application/json' });
          await ch.waitForConfirms();
        } finally {
          await ch.close();
        }
        const row = await linkById(link.id);
        return row.firstTaskCount === 1 && row.paidCount === 1;
      }, { what: 'the funnel of the link' });
    } finally {
      await amqp.close();
    }
    expect(await linkById(link.id)).toMatchObject({ totalRegistrations: 1, firstTaskCount: 1, paidCount: 1 });
  });
});

describe('DELETE /api/admin/referral-links/{id}', () => {
  it('when the link has no registrations, then it is deleted; with registrations it is deactivated instead and says so', async () => {
    const empty = (await createLink({ code: 'delete-me' })).body;
    await click('delete-me', '192.0.2.200');
    const deleted = await t.api('DELETE', `/api/admin/referral-links/${empty.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: true, deactivated: false });
    expect(await linkById(empty.id)).toBeUndefined();
    expect((await t.api('DELETE', `/api/admin/referral-links/${empty.id}`, { token: adminToken })).status).toBe(404);

    const used = (await createLink({ code: 'keep-me' })).body;
    await t.registerWorker({ referralSource: 'keep-me' });
    const kept = await t.api('DELETE', `/api/admin/referral-links/${used.id}`, { token: adminToken });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ deleted: false, deactivated: true, message: 'This link has registrations, so it was deactivated instead of deleted' });
    expect(await linkById(used.id)).toMatchObject({ isActive: false, totalRegistrations: 1 });
  });
});

describe('landing pages', () => {
  it('when an admin edits the copy with markup, then it is stored as plain text and the public page shows it; inactive pages are not public', async () => {
    const all = await t.api('GET', '/api/admin/landing-pages', { token: adminToken });
    expect(all.body.items.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['crypto-gaming', 'professional-tester']));
    const edited = await t.api('PATCH', `/api/admin/landing-pages/${cryptoGamingId}`, {
      token: adminToken,
      body: { content: { title: 'Test <b>games</b> & apps', intro: '<script>alert(1)</script>Paid per task', payment: '<img src=x onerror=alert(1)>Weekly' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toEqual({ title: 'Test games & apps', intro: 'Paid per task', payment: 'Weekly' });
    const visitor = await t.api('GET', '/api/public/landing-pages/crypto-gaming');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ name: 'crypto-gaming', displayName: 'Crypto Gaming', content: { title: 'Test games & apps', intro: 'Paid per task', payment: 'Weekly' } });

    const created = await t.api('POST', '/api/admin/landing-pages', { token: adminToken, body: { name: 'Summer-Promo', displayName: 'Summer', isActive: false } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('summer-promo');
    expect((await t.api('POST', '/api/admin/landing-pages', { token: adminToken, body: { name: 'summer-promo', displayName: 'Again' } })).status).toBe(409);
    expect((await t.api('GET', '/api/public/landing-pages/summer-promo')).status).toBe(404);
    const active = await t.api('GET', '/api/admin/landing-pages/active', { token: adminToken });
    expect(active.body.map((p: { name: string }) => p.name)).not.toContain('summer-promo');
    expect((await t.api('PATCH', `/api/admin/landing-pages/${randomUUID()}`, { token: adminToken, body: { displayName: 'x' } })).status).toBe(404);
  });

  it('when an admin types a figure claim into the copy (issue 31 item 5), then 400 FIELD.TYPED_FIGURE naming the field and the words, and nothing changes', async () => {
    const before = await t.api('GET', '/api/public/landing-pages/professional-tester');
    const page = (await t.api('GET', '/api/admin/landing-pages', { token: adminToken })).body.items.find((p: { name: string }) => p.name === 'professional-tester');
    const cases: [Record<string, string>, string, string][] = [
      [{ title: 'Earn $500 a week' }, 'content.title', '$500'],
      [{ intro: 'Join 10,000 workers today' }, 'content.intro', '10,000 workers'],
      [{ payment: 'Paid within 24 hours, always' }, 'content.payment', '24 hours'],
      [{ work: 'Получайте 3000 руб. в неделю' }, 'content.work', '3000 руб.'],
      // markup cannot hide one: the plain text is checked again
      [{ intro: 'Earn $<b>500</b> weekly' }, 'content.intro', '$500'],
    ];
    for (const [content, field, figure] of cases) {
      const refused = await t.api('PATCH', `/api/admin/landing-pages/${page.id}`, { token: adminToken, body: { content } });
      expect(refused.status, JSON.stringify(content)).toBe(400);
      expect(refused.body, JSON.stringify(content)).toMatchObject({ code: expect.stringMatching(/^(FIELD\.TYPED_FIGURE|REQUEST\.VALIDATION)$/), field });
      expect(JSON.stringify(refused.body), JSON.stringify(content)).toContain(figure);
    }
    const created = await t.api('POST', '/api/admin/landing-pages', { token: adminToken, body: { name: 'claims', displayName: 'Claims', content: { intro: '95% of work approved' } } });
    expect(created.status).toBe(400);
    expect((await t.api('GET', '/api/public/landing-pages/professional-tester')).body).toEqual(before.body);
    // Product names with digits are not claims.
    const fine = await t.api('PATCH', `/api/admin/landing-pages/${page.id}`, { token: adminToken, body: { content: { payment: 'USDT on ERC-20; support 24/7' } } });
    expect(fine.status).toBe(200);
    expect(fine.body.content.payment).toBe('USDT on ERC-20; support 24/7');
  });
});
