import { describe, expect, it } from 'vitest';
import { isJsonContentType, parseJsonBody } from './json-body.js';

describe('parseJsonBody', () => {
  it('when the body is plain JSON, then it is parsed', () => {
    expect(parseJsonBody(Buffer.from('{"email":"a@b.c"}'))).toEqual({ email: 'a@b.c' });
  });

  it.each([
    ['empty', Buffer.alloc(0), 'The request body is empty'],
    ['led by a byte-order mark', Buffer.from('\ufeff{"email":"a@b.c"}'), 'The request body must not start with a byte order mark'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), 'The request body is not valid UTF-8'],
    ['not JSON', Buffer.from('email=a@b.c'), 'The request body is not valid JSON'],
    ['prototype-poisoning', Buffer.from('{"__proto__":{"x":1}}'), 'The request body is not valid JSON'],
  ])('when the body is %s, then a 400 says why', (_name, body, message) => {
    expect(() => parseJsonBody(body)).toThrow(expect.objectContaining({ status: 400, code: 'REQUEST.MALFORMED_JSON', message }));
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/json;charset=UTF-8', true],
    ['text/plain', false],
    ['application/x-www-form-urlencoded', false],
    ['application/jsonx', false],
    [undefined, false],
    ['', false],
  ])('when the header is %s, then %s', (header, expected) => {
    expect(isJsonContentType(header)).toBe(expected);
  });
});
