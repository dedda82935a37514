import { readFileSync } from 'node:fs';
import { readAsConsumer, releasedEventCases, routingKeyNamesBound } from '@platform/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { AUDIT_ROUTING_KEYS } from '../src/entry-points/messaging/audit-events.handler.js';
import { MAIL_ROUTING_KEYS } from '../src/entry-points/messaging/mail-events.handler.js';
import { USER_ERASURE_ROUTING_KEYS } from '../src/entry-points/messaging/on-user-deleted.handler.js';
import { READ_MODEL_ROUTING_KEYS } from '../src/entry-points/messaging/read-model-events.handler.js';

/**
 * Every event type admin consumes, as the previous release wrote it (packages/contracts/released/events.json: each
 * type's version and examples, every field and only the required ones), read as the consumer reads it: parseEvent
 * with the schema of the envelope's version, then the handler's schema. A breaking change of a consumed event makes
 * this fail until the consumer reads both versions (CONTRIBUTING.md "Changing a contract").
 */
const CONSUMED = { MAIL_ROUTING_KEYS, AUDIT_ROUTING_KEYS, USER_ERASURE_ROUTING_KEYS, READ_MODEL_ROUTING_KEYS };

describe('the events admin consumes, as the released version wrote them', () => {
  it('when src/index.ts binds a consumer, then its routing keys are in this table', () => {
    const bound = routingKeyNamesBound(readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8'));
    expect([...new Set(bound)].sort()).toEqual(Object.keys(CONSUMED).sort());
  });

  const cases = releasedEventCases(Object.values(CONSUMED).flat());

  it('when the release knew a consumed type, then it has its two examples here', () => {
    expect(cases.length).toBeGreaterThanOrEqual(2);
  });

  it.each(cases)('when $name arrives, then the consumer reads it', (testCase) => {
    expect(() => readAsConsumer(testCase)).not.toThrow();
  });
});
