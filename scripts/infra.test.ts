import { refusingPort } from '@platform/service-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('checkInfrastructure', () => {
  const held: Awaited<ReturnType<typeof refusingPort>>[] = [];
  afterEach(() => held.splice(0).forEach((port) => port.release()));

  it('when every server is reachable, then nothing is reported', async () => {
    const { checkInfrastructure } = await import('./infra.js');
    expect(await checkInfrastructure()).toEqual([]);
  });

  it('when PostgreSQL, RabbitMQ and Redis cannot be reached, then each is named with how to start it', async () => {
    // Ports nothing listens on and no other process can take meanwhile (not ports found free and released).
    held.push(...(await Promise.all([refusingPort(), refusingPort(), refusingPort()])));
    const [pgPort, amqpPort, redisPort] = held.map((p) => p.port);
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
