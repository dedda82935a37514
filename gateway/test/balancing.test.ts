import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ZGatewayConfigSchema } from '../src/index.js';
import { closedPortUrl, startEchoUpstream, startGateway, type TEchoUpstream, type TGatewayHarness } from './helpers.js';

let auth: TEchoUpstream;
let chatA: TEchoUpstream;
let chatB: TEchoUpstream;
let dead: string;
let gw: TGatewayHarness;
let token: string;

beforeAll(async () => {
  [auth, chatA, chatB] = await Promise.all([startEchoUpstream(), startEchoUpstream({ websocket: true }), startEchoUpstream({ websocket: true })]);
  dead = await closedPortUrl();
  // Chat has three instances, one of which accepts no connection at all. The health check is made too slow to
  // matter here: the dead instance is found by the requests themselves.
  gw = await startGateway('gateway_balancing', {
    AUTH_SERVICE_URL: auth.url,
    ADMIN_SERVICE_URL: auth.url,
    CHAT_SERVICE_URL: `${chatA.url}, ${dead} ,${chatB.url}/`,
    UPSTREAM_CHECK_INTERVAL_MS: '600000',
  });
  token = await gw.tokenFor('employee');
});

afterAll(async () => {
  await gw?.stop();
  await Promise.all([auth?.close(), chatA?.close(), chatB?.close()]);
});

describe('a service with several instances', () => {
  it('when the variable lists instances, then each must be a URL (a typo is refused at start)', () => {
    expect(() => ZGatewayConfigSchema.parse({ ...gw.env.env, AUTH_SERVICE_URL: 'http://a:1,not a url', ADMIN_SERVICE_URL: 'http://b:2' })).toThrow(/http\(s\) URL/);
  });

  it('when requests come, then they spread over the live instances and one that refuses connections costs no request', async () => {
    const before = [chatA.seen.length, chatB.seen.length];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${gw.url}/api/chat/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `message ${i}` }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { bodyText: string } })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Every body arrived whole, including those retried on another instance after the refused connection.
    expect(answers.map((a) => a.body.bodyText).sort()).toEqual(Array.from({ length: 30 }, (_, i) => JSON.stringify({ content: `message ${i}` })).sort());
    expect(chatA.seen.length - before[0]!).toBeGreaterThan(5);
    expect(chatB.seen.length - before[1]!).toBeGreaterThan(5);
    // Each request reached exactly one instance.
    expect(chatA.seen.length - before[0]! + (chatB.seen.length - before[1]!)).toBe(30);
  });

  it('when sockets open on /ws, then they are spread over the live instances (the dead one was taken out above)', async () => {
    const ready = await fetch(`${gw.internalUrl}/ready`);
    await ready.body?.cancel();
    expect(ready.status).toBe(200);
    const before = [chatA.socketsOpened, chatB.socketsOpened];
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < 6; i += 1) {
        const socket = new WebSocket(`${gw.url.replace('http', 'ws')}/ws`);
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('message', () => resolve());
          socket.once('error', reject);
        });
      }
      expect(chatA.socketsOpened - before[0]!).toBeGreaterThanOrEqual(2);
      expect(chatB.socketsOpened - before[1]!).toBeGreaterThanOrEqual(2);
      expect(chatA.socketsOpened - before[0]! + chatB.socketsOpened - before[1]!).toBe(6);
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  });
});
