import { describe, expect, it } from 'vitest';
import { normalisePath, splitUrl } from './path.js';
import { resolveRoute } from './routes.js';

describe('normalisePath', () => {
  it.each([
    ['/api/auth/logi%6e', '/api/auth/login'],
    ['/api/auth/registe%72', '/api/auth/register'],
    ['/api/auth/forgot-passwor%64', '/api/auth/forgot-password'],
    ['/%61%70%69/auth/login', '/api/auth/login'],
    ['/api/auth/login/', '/api/auth/login'],
    ['/api//auth///login', '/api/auth/login'],
    ['//api/auth/login//', '/api/auth/login'],
    ['/api/tasks/a%2Eb', '/api/tasks/a.b'],
    ['/api/tasks/%7e%5F%2D', '/api/tasks/~_-'],
    ['/api/tasks/caf%c3%a9', '/api/tasks/caf%C3%A9'],
    ['/api/tasks/100%25', '/api/tasks/100%25'],
    ['/api/tasks/a%20b', '/api/tasks/a%20b'],
    ['/api/Auth/Login', '/api/Auth/Login'],
    ['/', '/'],
  ])('when the path is %s, then the service is sent %s', (raw, normalised) => {
    expect(normalisePath(raw)).toBe(normalised);
  });

  it.each([
    ['/api/auth/login%2fx', 'encoded slash or backslash'],
    ['/api/auth/login%2Fx', 'encoded slash or backslash'],
    ['/api/auth/login%5cx', 'encoded slash or backslash'],
    ['/api/auth\\login', 'backslash'],
    ['/api/auth/login%00', 'encoded control character'],
    ['/api/auth/login%0a', 'encoded control character'],
    ['/api/auth/login%7F', 'encoded control character'],
    ['/api/auth/login/../../admin/email-templates', 'dot segment'],
    ['/api/auth/login/%2E%2E/me', 'dot segment'],
    ['/api/auth/%2e/login', 'dot segment'],
    ['/api/auth/./login', 'dot segment'],
    ['/api/auth/login%', 'malformed percent-encoding'],
    ['/api/auth/login%6', 'malformed percent-encoding'],
    ['/api/auth/login%zz', 'malformed percent-encoding'],
  ])('when the path is %s, then 400 (%s)', (raw, reason) => {
    expect(() => normalisePath(raw)).toThrow(expect.objectContaining({ status: 400, code: 'REQUEST.BAD_PATH', message: `The request path is not allowed: ${reason}` }));
  });

  it('when an encoded path is routed, then it meets the entry (and the rate limit) of its plain form', () => {
    for (const raw of ['/api/auth/logi%6e', '/api/auth/LOGIN'.toLowerCase(), '/api/auth//login/', '/api/auth/%6c%6f%67%69%6e']) {
      expect(resolveRoute(normalisePath(raw))).toMatchObject({ prefix: '/api/auth/login', rateLimit: 'login' });
    }
  });
});

describe('splitUrl', () => {
  it('when a query string follows, then it is kept apart as sent', () => {
    expect(splitUrl('/api/tasks?status=a%00&x=1')).toEqual({ path: '/api/tasks', query: '?status=a%00&x=1' });
    expect(splitUrl('/api/tasks')).toEqual({ path: '/api/tasks', query: '' });
  });
});
