import { describe, expect, it, vi } from 'vitest';
import { freePort } from './infra.js';

describe('checkInfrastructure', () => {
  it('when every server is reachable, then nothing is reported', async () => {
    const { checkInfrastructure } = await import('./infra.js');
    expect(await checkInfrastructure()).toEqual([]);
  });

  it('when PostgreSQL, RabbitMQ and Redis cannot be reached, then each is named with how to start it', async () => {
    const [pgPort, amqpPort, redisPort] = await Promise.all([freePort(), freePort(), freePort()]);
    process.env.POSTGRES_URL = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    process.env.RABBITMQ_URL = `amqp://guest:guest@127.0.0.1:${amqpPort}`;
    process.env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
    try {
      vi.resetModules(); // INFRA reads the URLs when the module loads
      const { checkInfrastructure } = await import('./infra.js');
      const problems = await checkInfrastructure();
      expect(problems).toHaveLength(3);
      expect(problems.find((p) => p.startsWith(`PostgreSQL is not reachable at 127.0.0.1:${pgPort} (ECONNREFUSED)`))).toMatch(/Start it with: .*pg_ctlcluster/);
      expect(problems.find((p) => p.startsWith(`RabbitMQ is not reachable at 127.0.0.1:${amqpPort} (ECONNREFUSED)`))).toMatch(/Start it with: .*rabbitmq-server/);
      expect(problems.find((p) => p.startsWith(`Redis is not reachable at 127.0.0.1:${redisPort} (ECONNREFUSED)`))).toMatch(/Start it with: .*redis-server/);
    } finally {
      delete process.env.POSTGRES_URL;
      delete process.env.RABBITMQ_URL;
      delete process.env.REDIS_URL;
    }
  });
});
