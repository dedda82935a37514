import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, type TStack } from './stack.js';

/**
 * Issue 24: no port is chosen for a process by someone else. Every process of a stack listens on port 0 and
 * reports the port it got (the gateway inherits a socket the stack bound), so two stacks starting at once beside a
 * process that takes and releases ports as fast as it can both come up. With ports found free, released and handed
 * to a child to bind later (the former freePort()), the churner takes some of them in between: EADDRINUSE.
 */
const CHURN = `
const net = require('node:net');
const held = [];
let bound = 0, connected = 0;
const target = net.createServer((s) => s.destroy()).listen(0, '127.0.0.1', () => {
  const { port } = target.address();
  setInterval(() => {
    // Listening sockets on ports the system picks (as a port-0 bind does), each held a moment then released.
    for (let i = 0; i < 40; i += 1) {
      const server = net.createServer();
      server.on('error', () => undefined);
      server.listen(0, '127.0.0.1', () => { bound += 1; });
      held.push(server);
    }
    while (held.length > 400) held.shift().close();
    // Outgoing connections: each takes an ephemeral port as its local end.
    for (let i = 0; i < 20; i += 1) {
      const socket = net.connect(port, '127.0.0.1', () => { connected += 1; socket.destroy(); });
      socket.on('error', () => undefined);
    }
  }, 10);
  setInterval(() => process.send({ bound, connected }), 500);
});
`;

const stacks: TStack[] = [];
let churner: ChildProcess | undefined;

afterAll(async () => {
  churner?.kill('SIGKILL');
  await Promise.all(stacks.map((stack) => stack.stop()));
}, 120_000);

async function answers(url: string): Promise<number> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return res.status;
}

describe('startStack', () => {
  it('when two stacks start at once while another process churns ports, then both come up on ports their processes took themselves', async () => {
    let churned = { bound: 0, connected: 0 };
    churner = spawn(process.execPath, ['-e', CHURN], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    churner.on('message', (message) => {
      churned = message as typeof churned;
    });
    const since = Date.now();
    const started = await Promise.allSettled(
      ['a', 'b'].map((name) =>
        startStack({
          namespace: `ports_${name}_${Date.now().toString(36)}`,
          ephemeral: true,
          logLevel: 'warn',
          frontendDist: join(tmpdir(), 'no-frontend-here'),
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') stacks.push(result.value);
    churner.kill('SIGKILL');
    console.log(`the two stacks started in ${((Date.now() - since) / 1000).toFixed(1)} s; meanwhile the churner bound ${churned.bound} ports and opened ${churned.connected} outgoing connections`);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason).slice(0, 2_000) : 'up'))).toEqual(['up', 'up']);
    expect(churned.bound).toBeGreaterThan(1_000);

    const [a, b] = stacks as [TStack, TStack];
    // Every process of each stack on a port of its own, reachable where it reported.
    const ports = [a, b].flatMap((stack) => [...Object.values(stack.serviceUrls), ...Object.values(stack.internalUrls)].map((url) => new URL(url).port));
    expect(new Set(ports).size).toBe(ports.length);
    for (const stack of [a, b]) expect(new URL(stack.baseUrl).port).toBe(new URL(stack.serviceUrls.gateway!).port);
    for (const stack of [a, b]) {
      expect(Object.keys(stack.serviceUrls).sort()).toEqual(['admin', 'auth', 'chat', 'chat-2', 'gateway', 'payouts', 'work']);
      for (const url of Object.values(stack.internalUrls)) expect(await answers(`${url}/ready`)).toBe(200);
      // Through the gateway, to a service: the gateway was wired from what the services reported.
      expect(await answers(`${stack.baseUrl}/api/public/figures`)).toBe(200);
    }
  }, 600_000);

  it('when the port asked for is taken, then starting says so plainly', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      await expect(startStack({ namespace: `ports_taken_${Date.now().toString(36)}`, ephemeral: true, gatewayPort: port, logLevel: 'warn' })).rejects.toThrow(
        `Port ${port} (the gateway) is already in use by another program on this machine. Stop that program, or choose another port (npm start: PORT=8081 npm start).`,
      );
    } finally {
      holder.close();
    }
  });
});
