import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TEST_RABBITMQ_URL } from '@platform/service-kit/testing';
import { startWorkHarness, takenTask, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_users');
});
afterAll(async () => {
  await h?.close();
});

describe('users copy (queue work.users)', () => {
  it('when user.registered and later user.updated arrive on the broker, then admin lists show the names; a stale event changes nothing', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const assignedUser = async () => (await h.api('GET', '/api/admin/tasks?pageSize=100', { token: h.admin.token })).body.items.find((t: { id: string }) => t.id === taskId).assignedUser;
    expect(await assignedUser()).toEqual({ id: worker.id, firstName: '', lastName: '', email: '' });

    const connection = await amqp.connect(TEST_RABBITMQ_URL);
    try {
      const channel = await connection.createChannel();
      await channel.assertExchange(h.config.EVENTS_EXCHANGE, 'topic', { durable: true });
      const publish = (type: string, occurredAt: string, data: Record<string, unknown>) => {
        const id = randomUUID();
        channel.publish(h.config.EVENTS_EXCHANGE, type, Buffer.from(JSON.stringify({ id, type, version: 1, occurredAt, data })), { persistent: true });
        return id;
      };
      const registeredAt = new Date().toISOString();
      const registered = { userId: worker.id, email: 'mia@example.com', firstName: 'Mia', lastName: 'Stone', role: 'employee', referralSource: null, registeredAt };
      // The consumer's queue may still be being declared: publish again until the copy has it (the inbox dedupes).
      await eventually(async () => {
        publish('user.registered', registeredAt, registered);
        return (await assignedUser()).firstName === 'Mia';
      }, { what: 'the users copy', intervalMs: 300 });
      expect(await assignedUser()).toEqual({ id: worker.id, firstName: 'Mia', lastName: 'Stone', email: 'mia@example.com' });

      const later = new Date(Date.now() + 1_000).toISOString();
      publish('user.updated', later, { userId: worker.id, email: 'mia.s@example.com', firstName: 'Mia', lastName: 'Stone-Lee', role: 'employee', isActive: true, isVerified: true, updatedAt: later });
      await eventually(async () => (await assignedUser()).lastName === 'Stone-Lee', { what: 'user.updated applied' });

      const stale = publish('user.registered', registeredAt, registered);
      await eventually(async () => (await h.query('SELECT 1 FROM inbox WHERE event_id = $1', [stale])).length === 1, { what: 'stale event handled' });
      expect(await assignedUser()).toEqual({ id: worker.id, firstName: 'Mia', lastName: 'Stone-Lee', email: 'mia.s@example.com' });
    } finally {
      await connection.close();
    }
  });
});
