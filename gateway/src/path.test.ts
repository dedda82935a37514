import { describe, expect, it } from 'vitest';
import { checkQuery, normalisePath, readRequestUrl, splitUrl } from './path.js';
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
    ['/api/tasks/%E0%A4%A', 'malformed percent-encoding'],
    ['/api/tasks/%E0%A4', 'malformed percent-encoding'],
    ['/api/tasks/%C3', 'malformed percent-encoding'],
    ['/api/tasks/%FF', 'malformed percent-encoding'],
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

describe('checkQuery', () => {
  it.each(['', '?x=1', '?y=%20two&x=3', '?q=caf%C3%A9', '?q=a+b', '?status=a%00', '?q=100%25', '?q=%e0%a4%a4', '?a=&b', '?x=%2F%5C'])(
    'when the query string is %j, then it is forwarded unchanged',
    (query) => {
      expect(checkQuery(query)).toBe(query);
    },
  );

  it.each([
    ['?x=%%%', 'malformed percent-encoding'],
    ['?cursor=%%%', 'malformed percent-encoding'],
    ['?q=%E0%A4%A', 'malformed percent-encoding'],
    ['?q=%E0%A4', 'malformed percent-encoding'],
    ['?q=%', 'malformed percent-encoding'],
    ['?q=%g0', 'malformed percent-encoding'],
    ['?%zz=1', 'malformed percent-encoding'],
    ['?q=%FF%FE', 'malformed percent-encoding'],
    ['?q=%ED%A0%80', 'malformed percent-encoding'],
    ['?q=a\u0001b', 'control character'],
  ])('when the query string is %j, then 400 (%s)', (query, reason) => {
    expect(() => checkQuery(query)).toThrow(expect.objectContaining({ status: 400, code: 'REQUEST.BAD_QUERY', message: `The query string is not allowed: ${reason}` }));
  });

  it('when a URL is read, then the path is normalised and the query checked by the same walk', () => {
    expect(readRequestUrl('/api/auth/logi%6e?next=%2Fhome')).toEqual({ path: '/api/auth/login', query: '?next=%2Fhome' });
    expect(() => readRequestUrl('/api/withdrawals?x=%%%')).toThrow(expect.objectContaining({ code: 'REQUEST.BAD_QUERY' }));
  });
});
