import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { start } from '../src/index.js';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { userRegistered } from './events.js';
import { callApi, connectTestBroker, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  h = await startAdminHarness('admin_settings');
  broker = await connectTestBroker(h.config);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

const call = (method: string, path: string, options: { body?: unknown; token?: string | null } = {}) => callApi(h, method, path, options);

interface TSettingsEvent {
  id: string;
  occurredAt: string;
  data: { key: string; value: string; previousValue: string | null; changedBy: string | null; changedAt: string };
}

/** The settings.changed events in the service's outbox, oldest first. */
async function settingsEvents(): Promise<TSettingsEvent[]> {
  const { rows } = await h.service.pool.query<{ payload: TSettingsEvent }>(
    "SELECT payload FROM outbox WHERE type = 'settings.changed' ORDER BY seq",
  );
  return rows.map((r) => r.payload);
}

async function settingsByKey(): Promise<Record<string, { settingValue: string; updatedBy: string | null; updatedAt: string; description: string | null }>> {
  const res = await call('GET', '/api/admin/settings');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as { settingKey: string }[]).map((s) => [s.settingKey, s])) as never;
}

// The order matters: the first test sees the state right after the first start.
describe('publishing at start', () => {
  it('when the service starts on a new database, then each seeded value is published once (changedBy null), and a second instance publishes nothing more', async () => {
    const first = await settingsEvents();
    expect(first.map((e) => e.data.key).sort()).toEqual(['appeal_decision_days', 'appeal_window_days', 'assignment_time_limit_hours', 'auto_approval_days', 'bulk_spot_check_every', 'chat_archive_days', 'max_live_assignments', 'minimum_hourly_rate', 'minimum_withdrawal', 'operator_address', 'operator_contact', 'operator_legal_name', 'platform_name', 'starting_balance', 'top_up_underpaid', 'verification_retention_days', 'wallet_cooldown_hours', 'withdrawal_decision_hours']);
    const settings = await settingsByKey();
    for (const event of first) {
      expect(event.data).toEqual({
        key: event.data.key,
        value: settings[event.data.key]!.settingValue,
        previousValue: null,
        changedBy: null,
        changedAt: settings[event.data.key]!.updatedAt,
      });
    }
    // The relay sends them to the broker.
    await eventually(async () => {
      const { rows } = await h.service.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE type = 'settings.changed' AND sent_at IS NULL");
      return rows[0]!.n === 0;
    }, { what: 'the relay to publish the settings' });

    const second = await start(h.config);
    await second.stop();
    expect(await settingsEvents()).toHaveLength(18);
  });

  it('when a value was never published (published_at cleared by an operator), then the next start publishes its current value once', async () => {
    await h.service.pool.query("UPDATE system_settings SET published_at = NULL WHERE setting_key = 'auto_approval_days'");
    const before = (await settingsEvents()).length;
    const second = await start(h.config);
    await second.stop();
    const events = await settingsEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)!.data).toMatchObject({ key: 'auto_approval_days', value: '3', previousValue: null, changedBy: null });
  });
});

describe('access to /api/admin/settings', () => {
  it('when no token or an employee token is sent, then 401 and 403, even with an invalid body, and nothing changes', async () => {
    const calls = [
      ['GET', '/api/admin/settings', undefined],
      ['POST', '/api/admin/settings', { settingKey: 'minimum_withdrawal', settingValue: '10' }],
      ['POST', '/api/admin/settings', {}],
      ['POST', '/api/admin/settings/reset', undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await call(method, path, { token: null, ...(body ? { body } : {}) })).status, `${method} ${path}`).toBe(401);
      const res = await call(method, path, { token: h.employeeToken, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'AUTH.FORBIDDEN' });
    }
    expect((await settingsByKey()).minimum_withdrawal!.settingValue).toBe('50.00');
  });
});

describe('GET /api/admin/settings', () => {
  it('when nothing was changed, then the defaults with descriptions, updatedBy null', async () => {
    const res = await call('GET', '/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { settingKey: string; settingValue: string }) => [s.settingKey, s.settingValue])).toEqual([
      ['appeal_decision_days', '3'],
      ['appeal_window_days', '7'],
      ['assignment_time_limit_hours', '24'],
      ['auto_approval_days', '3'],
      ['bulk_spot_check_every', '20'],
      ['chat_archive_days', '90'],
      ['max_live_assignments', '3'],
      ['minimum_hourly_rate', '8.00'],
      ['minimum_withdrawal', '50.00'],
      ['operator_address', ''],
      ['operator_contact', ''],
      ['operator_legal_name', ''],
      ['platform_name', 'Task Portal'],
      ['starting_balance', '0.00'],
      ['top_up_underpaid', '1'],
      ['verification_retention_days', '30'],
      ['wallet_cooldown_hours', '0'],
      ['withdrawal_decision_hours', '48'],
    ]);
    for (const setting of res.body) {
      expect(setting).toEqual({
        id: expect.any(String),
        settingKey: setting.settingKey,
        settingValue: setting.settingValue,
        description: expect.stringMatching(/\w+/),
        updatedBy: null,
        updatedAt: expect.any(String),
      });
    }
  });
});

describe('POST /api/admin/settings', () => {
  it.each([
    [{ settingKey: 'maximum_withdrawal', settingValue: '10' }, 'Unknown setting', 'ADMIN.UNKNOWN_SETTING'],
    [{ settingKey: 'minimum_withdrawal', settingValue: '' }, 'Value is required', 'ADMIN.SETTING_VALUE_REQUIRED'],
    [{ settingKey: 'minimum_withdrawal', settingValue: '   ' }, 'Value is required', 'ADMIN.SETTING_VALUE_REQUIRED'],
    [{ settingKey: 'minimum_withdrawal' }, 'Value is required', 'ADMIN.SETTING_VALUE_REQUIRED'],
    [{ settingKey: 'minimum_withdrawal', settingValue: null }, 'Value is required', 'ADMIN.SETTING_VALUE_REQUIRED'],
    [{ settingKey: 'minimum_withdrawal', settingValue: '-1' }, 'Minimum withdrawal must be a non-negative amount with at most 2 decimals', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'minimum_withdrawal', settingValue: '12.345' }, 'Minimum withdrawal must be a non-negative amount with at most 2 decimals', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'starting_balance', settingValue: 'ten' }, 'Starting balance must be a non-negative amount with at most 2 decimals', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'starting_balance', settingValue: '100000000' }, 'Starting balance cannot exceed 99999999.99', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'auto_approval_days', settingValue: '2.5' }, 'Auto-approval days must be a whole number from 0 to 365', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'auto_approval_days', settingValue: 400 }, 'Auto-approval days must be a whole number from 0 to 365', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'wallet_cooldown_hours', settingValue: '8761' }, 'Wallet cooldown hours must be a whole number from 0 to 8760', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'withdrawal_decision_hours', settingValue: '0' }, 'Withdrawal decision hours must be a whole number from 1 to 8760', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'withdrawal_decision_hours', settingValue: '8761' }, 'Withdrawal decision hours must be a whole number from 1 to 8760', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'withdrawal_decision_hours', settingValue: '1.5' }, 'Withdrawal decision hours must be a whole number from 1 to 8760', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'minimum_hourly_rate', settingValue: '-8' }, 'Minimum hourly rate must be a non-negative amount with at most 2 decimals', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'minimum_hourly_rate', settingValue: '8.001' }, 'Minimum hourly rate must be a non-negative amount with at most 2 decimals', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'top_up_underpaid', settingValue: '2' }, 'Top up underpaid tasks must be a whole number from 0 to 1', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'top_up_underpaid', settingValue: 'yes' }, 'Top up underpaid tasks must be a whole number from 0 to 1', 'ADMIN.INVALID_SETTING_VALUE'],
    [{ settingKey: 'minimum_withdrawal', settingValue: '10', updatedBy: 'me' }, 'Unknown field(s): updatedBy', 'REQUEST.VALIDATION'],
    [{ settingValue: '10' }, 'Setting key is required', 'REQUEST.VALIDATION'],
    [{ settingKey: 'minimum_withdrawal', settingValue: true }, 'Value must be a number', 'REQUEST.VALIDATION'],
  ])('when the body is %j, then 400 "%s" and nothing is saved or published', async (body, message, code) => {
    const eventsBefore = (await settingsEvents()).length;
    const res = await call('POST', '/api/admin/settings', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code });
    expect(await settingsEvents()).toHaveLength(eventsBefore);
    const settings = await settingsByKey();
    expect(Object.values(settings).every((s) => s.updatedBy === null)).toBe(true);
  });

  it('when values change, then each change is saved normalised and publishes one settings.changed with the previous value, the admin and the time', async () => {
    const eventsBefore = (await settingsEvents()).length;
    const first = await call('POST', '/api/admin/settings', { body: { settingKey: 'minimum_withdrawal', settingValue: '25.5' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ settingKey: 'minimum_withdrawal', settingValue: '25.50', updatedBy: h.adminId });
    const second = await call('POST', '/api/admin/settings', { body: { settingKey: 'minimum_withdrawal', settingValue: 30, description: 'Lowest payout (USD)' } });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ settingValue: '30.00', description: 'Lowest payout (USD)' });
    const days = await call('POST', '/api/admin/settings', { body: { settingKey: 'auto_approval_days', settingValue: '07' } });
    expect(days.body.settingValue).toBe('7');

    const events = (await settingsEvents()).slice(eventsBefore);
    expect(events.map((e) => e.data)).toEqual([
      { key: 'minimum_withdrawal', value: '25.50', previousValue: '50.00', changedBy: h.adminId, changedAt: first.body.updatedAt },
      { key: 'minimum_withdrawal', value: '30.00', previousValue: '25.50', changedBy: h.adminId, changedAt: second.body.updatedAt },
      { key: 'auto_approval_days', value: '7', previousValue: '3', changedBy: h.adminId, changedAt: days.body.updatedAt },
    ]);
    expect(new Date(second.body.updatedAt).getTime()).toBeGreaterThan(new Date(first.body.updatedAt).getTime());
    expect((await settingsByKey()).minimum_withdrawal).toMatchObject({ settingValue: '30.00', updatedBy: h.adminId });
  });

  it('when the value sent is the stored one, then 200 and no event (nothing changed)', async () => {
    await call('POST', '/api/admin/settings', { body: { settingKey: 'starting_balance', settingValue: '1.00' } });
    const eventsBefore = (await settingsEvents()).length;
    const res = await call('POST', '/api/admin/settings', { body: { settingKey: 'starting_balance', settingValue: '1' } });
    expect(res.status).toBe(200);
    expect(res.body.settingValue).toBe('1.00');
    expect(await settingsEvents()).toHaveLength(eventsBefore);
  });

  it('when two admins change the same key at once, then both events are written and the newest changedAt carries the stored value', async () => {
    const other = await h.sign('0b0e5a8e-8f9e-4a53-9a38-3f7a4b5b6c7d', 'admin');
    const eventsBefore = (await settingsEvents()).length;
    const [a, b] = await Promise.all([
      call('POST', '/api/admin/settings', { body: { settingKey: 'wallet_cooldown_hours', settingValue: '12' } }),
      call('POST', '/api/admin/settings', { body: { settingKey: 'wallet_cooldown_hours', settingValue: '24' }, token: other }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const events = (await settingsEvents()).slice(eventsBefore).map((e) => e.data);
    expect(events).toHaveLength(2);
    const newest = events.reduce((x, y) => (x.changedAt > y.changedAt ? x : y));
    const stored = (await settingsByKey()).wallet_cooldown_hours!;
    expect(newest.value).toBe(stored.settingValue);
    // The later one's previousValue is the earlier one's value: the two changes were applied one after the other.
    const oldest = events.find((e) => e !== newest)!;
    expect(newest.previousValue).toBe(oldest.value);
  });
});

describe('platform_name (issue 28)', () => {
  it('when an admin renames the platform, then it is stored trimmed and published (audited); a name with < or a line break is refused naming the value', async () => {
    const res = await call('POST', '/api/admin/settings', { body: { settingKey: 'platform_name', settingValue: '  Acme   Tasks ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ settingValue: 'Acme Tasks', updatedBy: h.adminId });
    const events = (await settingsEvents()).map((e) => e.data).filter((d) => d.key === 'platform_name' && d.changedBy);
    expect(events.at(-1)).toMatchObject({ value: 'Acme Tasks', previousValue: 'Task Portal', changedBy: h.adminId });
    for (const value of ['<b>Acme</b>', 'Acme\nTasks', 'x'.repeat(61), 42]) {
      const refused = await call('POST', '/api/admin/settings', { body: { settingKey: 'platform_name', settingValue: value } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'ADMIN.INVALID_SETTING_VALUE', details: [{ path: 'settingValue' }] });
      expect(String(refused.body.message)).toMatch(/^Platform name /);
    }
    await call('POST', '/api/admin/settings', { body: { settingKey: 'platform_name', settingValue: 'Task Portal' } });
  });

  it('GET /api/public/branding answers the current name to anyone, without a token, and follows a rename; nothing can be written there', async () => {
    const before = await call('GET', '/api/public/branding', { token: null });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ platformName: 'Task Portal' });
    await call('POST', '/api/admin/settings', { body: { settingKey: 'platform_name', settingValue: 'Acme Tasks' } });
    expect((await call('GET', '/api/public/branding', { token: null })).body).toEqual({ platformName: 'Acme Tasks' });
    await call('POST', '/api/admin/settings', { body: { settingKey: 'platform_name', settingValue: 'Task Portal' } });
    expect((await call('GET', '/api/public/branding', { token: null })).body).toEqual({ platformName: 'Task Portal' });
    expect((await call('POST', '/api/public/branding', { token: null, body: { platformName: 'x' } })).status).toBe(404);
  });
});

describe('POST /api/admin/settings/reset', () => {
  it('when some values differ from the defaults, then all are restored and one event is published per changed key', async () => {
    await call('POST', '/api/admin/settings', { body: { settingKey: 'minimum_withdrawal', settingValue: '75' } });
    const current = await settingsByKey();
    const changedKeys = Object.entries(current)
      .filter(([key, s]) => s.settingValue !== ({ minimum_withdrawal: '50.00', starting_balance: '0.00', auto_approval_days: '3', wallet_cooldown_hours: '0', chat_archive_days: '90', verification_retention_days: '30', max_live_assignments: '3', assignment_time_limit_hours: '24', platform_name: 'Task Portal', operator_legal_name: '', operator_address: '', operator_contact: '', withdrawal_decision_hours: '48', minimum_hourly_rate: '8.00', top_up_underpaid: '1', appeal_window_days: '7', appeal_decision_days: '3', bulk_spot_check_every: '20' } as Record<string, string>)[key])
      .map(([key]) => key)
      .sort();
    expect(changedKeys.length).toBeGreaterThan(0);
    const eventsBefore = (await settingsEvents()).length;

    const res = await call('POST', '/api/admin/settings/reset');
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.body.map((s: { settingKey: string; settingValue: string }) => [s.settingKey, s.settingValue]))).toEqual({
      minimum_withdrawal: '50.00',
      starting_balance: '0.00',
      auto_approval_days: '3',
      wallet_cooldown_hours: '0',
      chat_archive_days: '90',
      verification_retention_days: '30',
      max_live_assignments: '3',
      assignment_time_limit_hours: '24',
      appeal_window_days: '7',
      appeal_decision_days: '3',
      bulk_spot_check_every: '20',
      platform_name: 'Task Portal',
      operator_legal_name: '',
      operator_address: '',
      operator_contact: '',
      withdrawal_decision_hours: '48',
      minimum_hourly_rate: '8.00',
      top_up_underpaid: '1',
    });
    const events = (await settingsEvents()).slice(eventsBefore).map((e) => e.data);
    expect(events.map((e) => e.key).sort()).toEqual(changedKeys);
    for (const event of events) {
      expect(event).toMatchObject({ previousValue: current[event.key]!.settingValue, changedBy: h.adminId });
    }

    const again = await call('POST', '/api/admin/settings/reset');
    expect(again.status).toBe(200);
    expect(await settingsEvents()).toHaveLength(eventsBefore + events.length);
  });
});

describe('settings changes in the audit log', () => {
  it('when an admin changes a setting, then the event travels through the broker and the audit log shows who, before and after', async () => {
    await broker.waitForConsumer(MAIL_QUEUE);
    await broker.waitForConsumer(AUDIT_QUEUE);
    await broker.publish(userRegistered({ userId: h.adminId, email: 'root@example.com', firstName: 'Root', lastName: 'Admin', role: 'admin' }));
    const res = await call('POST', '/api/admin/settings', { body: { settingKey: 'minimum_withdrawal', settingValue: '40' } });
    expect(res.status).toBe(200);

    const entry = await eventually(async () => {
      const log = await call('GET', '/api/admin/audit-log?targetType=setting&pageSize=100');
      return (log.body.items as { targetId: string; after: { value: string }; actor: unknown }[]).find(
        (e) => e.targetId === 'minimum_withdrawal' && e.after.value === '40.00' && e.actor !== null,
      );
    }, { what: 'the audit row of the change' });
    expect(entry).toMatchObject({
      actorId: h.adminId,
      actor: { firstName: 'Root', lastName: 'Admin', email: 'root@example.com' },
      action: 'settings.changed',
      targetType: 'setting',
      targetId: 'minimum_withdrawal',
      before: { value: '50.00' },
      after: { value: '40.00' },
      createdAt: res.body.updatedAt,
    });
    // The values the service published itself at start (changedBy null) are not admin actions.
    const admins = await h.service.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE type = 'settings.changed' AND payload->'data'->>'changedBy' IS NOT NULL");
    await eventually(async () => {
      const now = await h.service.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.changed'");
      return now.rows[0]!.n === admins.rows[0]!.n;
    }, { what: 'one audit row per admin change' });
  });
});
