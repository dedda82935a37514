import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, findFieldsAcceptingHostileText, fingerprintTables, probeHostileInput, recordRouteTables, type TRecordedRoute } from '@platform/service-kit/testing';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { callApi, connectTestBroker, startAdminHarness, type TAdminHarness } from './helpers.js';

let h: TAdminHarness;
let routes: TRecordedRoute[];
beforeAll(async () => {
  const recorder = recordRouteTables();
  try {
    h = await startAdminHarness('admin_hostile');
    routes = recorder.routesServedAt(h.service.url);
  } finally {
    recorder.stop();
  }
  // The audit queue must be bound before the setting's event is published (a topic exchange drops what no queue
  // takes; the relay publishes within milliseconds of the commit).
  const broker = await connectTestBroker(h.config);
  try {
    await broker.waitForConsumer(AUDIT_QUEUE);
  } finally {
    await broker.close();
  }
  // Data for the probe to (not) change: the default templates and a changed setting.
  await callApi(h, 'POST', '/api/admin/email-templates/defaults');
  await callApi(h, 'POST', '/api/admin/settings', { body: { settingKey: 'minimum_withdrawal', settingValue: '60.00' } });
  // The change's settings.changed comes back to the audit log: let it land before the probe's "before".
  await eventually(
    async () => {
      const { rows } = await h.service.pool.query<{ unsent: number; audited: number }>(
        `SELECT (SELECT count(*)::int FROM outbox WHERE sent_at IS NULL) AS unsent, (SELECT count(*)::int FROM audit_log) AS audited`,
      );
      return rows[0]?.unsent === 0 && rows[0].audited > 0;
    },
    { what: 'the setting change in the audit log', timeoutMs: 30_000 },
  );
});
afterAll(async () => {
  await h?.close();
});

describe('hostile input on every route of the admin service', () => {
  it('when the route table is read, then it has the routes this file knows of (and any added later)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining(['POST /api/admin/email-templates', 'PATCH /api/admin/email-templates/:id', 'POST /api/admin/settings', 'GET /api/admin/audit-log']));
  });

  it('when any text field of any route is given a NUL, a control character or a lone surrogate on its own, then its schema refuses it', () => {
    const accepting = routes.flatMap((r) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => findFieldsAcceptingHostileText(r.schema[part]).map((field) => `${r.method} ${r.url} ${part}.${field}`)),
    );
    expect(accepting).toEqual([]);
  });

  it('when a template subject has a NUL or an audit filter a control character, then 400 naming the field and nothing is saved', async () => {
    const before = await h.service.pool.query('SELECT id FROM email_templates');
    const res = await callApi(h, 'POST', '/api/admin/email-templates', { body: { name: 'probe', subject: 'Hi\u0000', htmlContent: '<p>x</p>', textContent: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Subject must not contain control characters', code: 'REQUEST.VALIDATION', field: 'subject' });
    const filter = await callApi(h, 'GET', '/api/admin/audit-log?action=a%1Bb');
    expect(filter.status).toBe(400);
    expect(filter.body).toMatchObject({ message: 'action must not contain control characters', code: 'REQUEST.VALIDATION' });
    expect((await h.service.pool.query('SELECT id FROM email_templates')).rows).toEqual(before.rows);
  });

  it('when every route gets NUL, lone surrogates, a BOM, 10 MB, a 301-character or malformed path parameter, then 4xx {message, code} and nothing is written', async () => {
    const before = await fingerprintTables(h.service.pool);
    const template = { subject: 'Hello {{name}}', htmlContent: '<p>Hi {{name}}</p>', textContent: 'Hi {{name}}', variables: ['name'] };
    const answers = await probeHostileInput({
      baseUrl: h.service.url,
      routes,
      tokenFor: (route) => (route.url.startsWith('/api/admin/') || (route.url.startsWith('/api/news') && route.method !== 'GET') ? h.adminToken : h.employeeToken),
      samples: {
        'POST /api/admin/email-templates': { name: 'probe_template', ...template },
        'PATCH /api/admin/email-templates/:id': template,
        'POST /api/admin/settings': { settingKey: 'minimum_withdrawal', settingValue: '70.00', description: 'Smallest withdrawal' },
        'POST /api/news': { title: 'Probe news', content: 'Line one\nLine two', isPublished: false },
        'PATCH /api/news/:id': { title: 'Probe news', content: 'Text' },
        'POST /api/admin/awards': { userId: h.adminId, category: 'top_earner', rank: 1, value: '10.00', period: 'weekly' },
        'PUT /api/admin/awards/:id': { userId: h.adminId, category: 'top_earner', rank: 1, value: '10.00', period: 'weekly' },
      },
      // The welcome video upload (issue 28) answers any JSON body 415 before reading it.
      uploadRoutes: ['POST /api/admin/settings/welcome-video'],
    });
    expect(answers.length).toBeGreaterThan(routes.length * 3);
    expect(answers.filter((a) => a.problem)).toEqual([]);
    expect(await fingerprintTables(h.service.pool)).toEqual(before);
  });
});
