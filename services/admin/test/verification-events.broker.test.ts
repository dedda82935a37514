import { randomUUID } from 'node:crypto';
import type { TVerificationDecidedData, TVerificationFileViewedData } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_QUEUE } from '../src/entry-points/messaging/audit-events.handler.js';
import { MAIL_QUEUE } from '../src/entry-points/messaging/mail-events.handler.js';
import { envelope } from './events.js';
import { callApi, connectTestBroker, readOutbox, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  h = await startAdminHarness('admin_verification_events');
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(MAIL_QUEUE);
  await broker.waitForConsumer(AUDIT_QUEUE);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

function decided(overrides: Partial<TVerificationDecidedData> = {}) {
  return envelope<TVerificationDecidedData>('verification.decided', {
    verificationId: randomUUID(),
    userId: randomUUID(),
    status: 'rejected',
    reason: 'The document photo is blurred',
    decidedBy: h.adminId,
    decidedAt: new Date().toISOString(),
    email: 'vera@example.com',
    firstName: 'Vera',
    ...overrides,
  });
}

describe('verification events in the admin service (issue 15)', () => {
  it('when a verification is decided, then the worker gets the verification-decision e-mail once, with the reason when rejected', async () => {
    const rejected = decided();
    const approved = decided({ status: 'approved', reason: null, email: 'ivan@example.com', firstName: 'Ivan' });
    await broker.publish(rejected, rejected, approved);
    const mails = await eventually(async () => {
      const all = (await readOutbox(h.outboxDir)).filter((m) => ['vera@example.com', 'ivan@example.com'].includes(m.headers.to ?? ''));
      return all.length >= 2 ? all : undefined;
    }, { what: 'two decision mails' });
    const vera = mails.filter((m) => m.headers.to === 'vera@example.com');
    expect(vera).toHaveLength(1);
    expect(vera[0]!.headers.subject).toBe('Your identity verification was rejected');
    expect(vera[0]!.body).toContain('Reason: The document photo is blurred');
    expect(vera[0]!.body).toContain('https://app.platform.test/profile');
    const ivan = mails.find((m) => m.headers.to === 'ivan@example.com')!;
    expect(ivan.headers.subject).toBe('Your identity verification was approved');
    expect(ivan.body).toContain('Your identity is now verified.');
  });

  it('when an admin decides and views the photos, then each is one audit row naming the admin, the application and the applicant', async () => {
    const verificationId = randomUUID();
    const userId = randomUUID();
    const view = (file: 'selfie' | 'document') =>
      envelope<TVerificationFileViewedData>('verification.file_viewed', { verificationId, userId, file, viewedBy: h.adminId, viewedAt: new Date().toISOString() });
    await broker.publish(view('selfie'), view('document'), view('selfie'), decided({ verificationId, userId, status: 'approved', reason: null }));
    const rows = await eventually(async () => {
      const res = await callApi(h, 'GET', `/api/admin/audit-log?targetType=verification&targetId=${verificationId}`);
      return res.body.items?.length === 4 ? res.body.items : undefined;
    }, { what: 'four audit rows' });
    expect(rows.map((r: { action: string }) => r.action).sort()).toEqual(['verification.approved', 'verification.file_viewed', 'verification.file_viewed', 'verification.file_viewed']);
    for (const row of rows) expect(row).toMatchObject({ actorId: h.adminId, targetType: 'verification', targetId: verificationId, after: expect.objectContaining({ userId }) });
  });
});
