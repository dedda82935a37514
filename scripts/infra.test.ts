import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Ports that refuse connections for as long as the test runs: the local ends of connections this test holds open.
 * Such a port is bound (nobody else can listen on it) and nothing listens there, so a connect is refused: unlike a
 * port found free and released, which any other process may take before it is used.
 */
async function refusingPorts(count: number): Promise<{ ports: number[]; release(): void }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const clients = await Promise.all(
    Array.from({ length: count }, () => new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    })),
  );
  return {
    ports: clients.map((socket) => socket.localPort!),
    release() {
      for (const socket of clients) socket.destroy();
      server.close();
    },
  };
}

describe('checkInfrastructure', () => {
  let release: (() => void) | undefined;
  afterEach(() => release?.());

  it('when every server is reachable, then nothing is reported', async () => {
    const { checkInfrastructure } = await import('./infra.js');
    expect(await checkInfrastructure()).toEqual([]);
  });

  it('when PostgreSQL, RabbitMQ and Redis cannot be reached, then each is named with how to start it', async () => {
    const refusing = await refusingPorts(3);
    release = refusing.release;
    const [pgPort, amqpPort, redisPort] = refusing.ports;
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
