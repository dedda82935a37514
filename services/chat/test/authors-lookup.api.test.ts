import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TInternalUserProfile } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHarness, type TChatHarness } from './helpers.js';

/**
 * An author chat has no copy of yet (registered before chat heard of them) is named from the identity service, through
 * chat's door to it (data-access/auth.client.ts: GET /internal/users/{id}/profile with the author's own token). The
 * identity service is a real node:http server standing in for auth at the network boundary.
 */
const profiles = new Map<string, TInternalUserProfile>();
const calls: { path: string; authorization: string | undefined; requestId: string | undefined }[] = [];
let server: Server;
let h: TChatHarness;

beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push({ path: req.url ?? '', authorization: req.headers.authorization, requestId: req.headers['x-request-id'] as string | undefined });
    const id = /^\/internal\/users\/([^/]+)\/profile$/.exec(req.url ?? '')?.[1];
    const profile = id ? profiles.get(id) : undefined;
    if (profile) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile));
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'User not found', code: 'AUTH.USER_NOT_FOUND' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  h = await startChatHarness('chat_authors_lookup', { AUTH_SERVICE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await h?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('POST /api/chat/messages by an author chat has no copy of', () => {
  it("when auth knows them, then the message carries their names, asked for with their own token and the request's id", async () => {
    const author = await h.newUser({ register: false });
    profiles.set(author.id, { firstName: 'Grace', lastName: 'Hopper', role: 'employee', isActive: true });
    const res = await h.api('POST', '/api/chat/messages', { token: author.token, body: { content: 'Hello from before chat', chatType: 'general' } });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ firstName: 'Grace', lastName: 'Hopper' });
    const asked = calls.filter((c) => c.path === `/internal/users/${author.id}/profile`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.authorization).toBe(`Bearer ${author.token}`);
    expect(asked[0]!.requestId).toEqual(expect.any(String));
  });

  it('when auth says they are banned, then the message is refused (403 CHAT.USER_BLOCKED)', async () => {
    const author = await h.newUser({ register: false });
    profiles.set(author.id, { firstName: 'Mallory', lastName: 'Banned', role: 'employee', isActive: false });
    const res = await h.api('POST', '/api/chat/messages', { token: author.token, body: { content: 'Let me in', chatType: 'general' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CHAT.USER_BLOCKED' });
  });

  it('when auth does not know them, then the message is still stored, without names', async () => {
    const author = await h.newUser({ register: false });
    const res = await h.api('POST', '/api/chat/messages', { token: author.token, body: { content: 'Who am I', chatType: 'general' } });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ firstName: '', lastName: '' });
  });
});
