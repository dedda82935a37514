import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUDITED_EVENT_TYPES, auditEntryOf } from './audit-entries.js';

/** Issue 13: a save of the chat assistants' settings is an admin action in the audit log; a new provider key is its own action, never with the key. */
describe('chat_settings.changed in the audit log', () => {
  const envelope = (data: unknown) => ({ id: randomUUID(), type: 'chat_settings.changed', version: 1, occurredAt: new Date().toISOString(), data });
  const admin = randomUUID();

  it('when the audit queue binds its events, then chat_settings.changed is one of them', () => {
    expect(AUDITED_EVENT_TYPES).toContain('chat_settings.changed');
  });

  it('when the provider key was set, then the row is chat_settings.provider_key_changed by that admin with the changed fields and no key', () => {
    const entry = auditEntryOf(
      envelope({ changedBy: admin, changedAt: '2026-11-24T03:00:00.000Z', changedFields: ['providerBaseUrl', 'providerApiKey'], before: { providerBaseUrl: '' }, after: { providerBaseUrl: 'https://llm.example/v1' }, providerApiKey: 'set' }),
    );
    expect(entry).toMatchObject({
      actorId: admin,
      action: 'chat_settings.provider_key_changed',
      targetType: 'chat_settings',
      before: { providerBaseUrl: '' },
      after: { providerBaseUrl: 'https://llm.example/v1', providerApiKey: 'set' },
      createdAt: '2026-11-24T03:00:00.000Z',
    });
  });

  it('when only other fields changed, then the row is chat_settings.changed with before and after', () => {
    const entry = auditEntryOf(envelope({ changedBy: admin, changedAt: '2026-11-24T03:00:00.000Z', changedFields: ['intervalSeconds'], before: { intervalSeconds: 30 }, after: { intervalSeconds: 15 }, providerApiKey: 'unchanged' }));
    expect(entry).toMatchObject({ action: 'chat_settings.changed', before: { intervalSeconds: 30 }, after: { intervalSeconds: 15 } });
  });
});
