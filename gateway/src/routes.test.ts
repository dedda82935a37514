import { describe, expect, it } from 'vitest';
import { requiresAdmin, resolveRoute, ROUTES, type TRouteEntry } from './routes.js';

describe('resolveRoute', () => {
  it('when prefixes nest, then the longest one wins', () => {
    expect(resolveRoute('/api/auth/login')).toMatchObject({ prefix: '/api/auth/login', access: 'public', rateLimit: 'login' });
    expect(resolveRoute('/api/auth/me')).toMatchObject({ prefix: '/api/auth', access: 'user' });
    expect(resolveRoute('/api/admin/email-templates/7')).toMatchObject({ service: 'admin', access: 'admin' });
  });

  it('when a path only shares characters with a prefix, then it does not match (segment boundaries)', () => {
    expect(resolveRoute('/api/authors')).toBeUndefined();
    expect(resolveRoute('/api/auth/loginx')).toMatchObject({ prefix: '/api/auth', access: 'user' });
    expect(resolveRoute('/wsx')).toBeUndefined();
  });

  it('when the upload route is asked for, then it streams bodies and every other work route does not', () => {
    expect(resolveRoute('/api/tasks/1/submit')).toMatchObject({ service: 'work', body: 'upload' });
    expect(resolveRoute('/api/tasks/1/take')?.body).toBeUndefined();
    // The two multipart routes: a submission's files and the identity verification's two photos (issue 15).
    expect(ROUTES.filter((r) => r.body === 'upload').map((r) => r.prefix).sort()).toEqual(['/api/admin/settings/welcome-video', '/api/tasks/*/submit', '/api/user/verification']);
    expect(resolveRoute('/assets/welcome-video')).toMatchObject({ service: 'admin', access: 'public' });
    expect(resolveRoute('/assets/welcome-videos')).toBeUndefined();
  });

  it('when a prefix has a * segment, then it matches exactly one segment there and wins over shorter prefixes', () => {
    expect(resolveRoute('/api/admin/users/42/balance')).toMatchObject({ service: 'payouts', prefix: '/api/admin/users/*/balance' });
    expect(resolveRoute('/api/admin/users/42/ledger')).toMatchObject({ service: 'payouts' });
    expect(resolveRoute('/api/admin/users//balance')).toMatchObject({ service: 'auth' });
    expect(resolveRoute('/api/admin/users/42')).toMatchObject({ service: 'auth' });
    expect(resolveRoute('/api/admin/users/42/balance/history')).toMatchObject({ service: 'payouts' });
    expect(resolveRoute('/api/admin/users/42/balances')).toMatchObject({ service: 'auth' });
    expect(resolveRoute('/api/admin/users/4/2/balance')).toMatchObject({ service: 'auth' });
    expect(resolveRoute('/api/withdrawalsx')).toBeUndefined();
    expect(resolveRoute('/api/user/payout-wallets/9')).toMatchObject({ service: 'payouts' });
    expect(resolveRoute('/api/user/welcome-status')).toMatchObject({ service: 'auth' });
    expect(resolveRoute('/api/tasks/1/submit')).toMatchObject({ service: 'work', access: 'user' });
  });

  it('when a chat path is asked for, then chat owns it: workers its /api/chat, admins moderation and the monitor, anyone the socket', () => {
    expect(resolveRoute('/api/chat/messages')).toMatchObject({ service: 'chat', access: 'user' });
    expect(resolveRoute('/api/admin/chat-moderation/banned-words')).toMatchObject({ service: 'chat', access: 'admin' });
    expect(resolveRoute('/api/admin/chat-messages')).toMatchObject({ service: 'chat', access: 'admin' });
    expect(resolveRoute('/ws')).toMatchObject({ service: 'chat', access: 'public' });
  });

  it('when the table has no entry, then undefined (404)', () => {
    expect(resolveRoute('/api')).toBeUndefined();
    expect(resolveRoute('/api/admin/nothing-here')).toBeUndefined();
  });

  it("when a path is a service's /internal/ API, then nothing routes it (404): other services call it directly, never through the gateway", () => {
    expect(ROUTES.filter((r) => !/^\/(api|assets)\//.test(r.prefix) && r.prefix !== '/ws')).toEqual([]);
    for (const path of ['/internal/users/42/balance', '/internal/users/42/profile', '/internal/balances', '/internal/stats/users', '/internal/openapi.json']) {
      expect(resolveRoute(path)).toBeUndefined();
    }
  });
});

describe('requiresAdmin', () => {
  it('when a path is under /api/admin, then admin is required even if an entry says otherwise', () => {
    const careless: TRouteEntry = { prefix: '/api/admin/stats', service: 'admin', access: 'user' };
    expect(requiresAdmin('/api/admin/stats', careless)).toBe(true);
    expect(requiresAdmin('/api/user/me', ROUTES.find((r) => r.prefix === '/api/user')!)).toBe(false);
  });
});
