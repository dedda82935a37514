import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../test/test-utils';
import { api } from './api';
import { buildErrorMessage, parseResponseBody } from './baseQuery';
import { sessionReducer, type TSessionState } from '../features/session/session.slice';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, string>({ query: (path) => path }),
    probeWrite: build.mutation<unknown, { path: string; body?: unknown }>({ query: ({ path, body }) => ({ url: path, method: 'POST', body }) }),
  }),
});

function makeStore(token: string | null) {
  const session: TSessionState = { status: token ? 'signedIn' : 'signedOut', token, user: null };
  return configureStore({
    reducer: { session: sessionReducer, [api.reducerPath]: api.reducer },
    preloadedState: { session },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

describe('request layer (spec 01 s.7, s.8)', () => {
  it('when a token exists, then calls carry Bearer and credentials, and a JSON content type only with a body', async () => {
    const fetchMock = mockApi({ 'GET /api/thing': () => jsonResponse({ ok: true }), 'POST /api/thing': () => jsonResponse({ ok: true }) });
    const store = makeStore('abc');
    await store.dispatch(probeApi.endpoints.probeRead.initiate('/thing'));
    await store.dispatch(probeApi.endpoints.probeWrite.initiate({ path: '/thing', body: { a: 1 } }));
    await store.dispatch(probeApi.endpoints.probeWrite.initiate({ path: '/thing' }));
    const [read, writeWithBody, writeWithout] = fetchMock.mock.calls.map(([, init]) => init as RequestInit & { headers: Record<string, string> });
    expect(read?.headers.Authorization).toBe('Bearer abc');
    expect(read?.credentials).toBe('include');
    expect(read?.headers['Content-Type']).toBeUndefined();
    expect(writeWithBody?.headers['Content-Type']).toBe('application/json');
    expect(writeWithBody?.body).toBe('{"a":1}');
    expect(writeWithout?.headers['Content-Type']).toBeUndefined();
  });

  it('when a body is empty, then it is read as {}; when it is not JSON, then the raw text is returned', () => {
    expect(parseResponseBody('', '/x')).toEqual({});
    expect(parseResponseBody('plain words', '/x')).toBe('plain words');
    expect(parseResponseBody('{"a":1}', '/x')).toEqual({ a: 1 });
  });

  it('when a read fails, then the message is "status: text" or the status text for an empty body', () => {
    expect(buildErrorMessage('query', 500, 'Internal Server Error', 'boom', 'boom')).toBe('500: boom');
    expect(buildErrorMessage('query', 502, 'Bad Gateway', '', {})).toBe('502: Bad Gateway');
  });

  it('when a mutation fails, then the message is the body message, else error, else text, else HTTP status', () => {
    expect(buildErrorMessage('mutation', 400, 'Bad Request', '{"message":"m","code":"X.Y"}', { message: 'm', code: 'X.Y' })).toBe('m');
    expect(buildErrorMessage('mutation', 400, 'Bad Request', '{"error":"e"}', { error: 'e' })).toBe('e');
    expect(buildErrorMessage('mutation', 400, 'Bad Request', 'oops', 'oops')).toBe('oops');
    expect(buildErrorMessage('mutation', 400, 'Bad Request', '', {})).toBe('HTTP 400');
  });

  it('when a mutation fails, then the error carries the server message and code', async () => {
    mockApi({ 'POST /api/thing': () => jsonResponse({ message: 'Email already registered', code: 'AUTH.EMAIL_TAKEN' }, 409) });
    const store = makeStore(null);
    const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate({ path: '/thing', body: {} }));
    expect(result.error).toMatchObject({ status: 409, message: 'Email already registered', code: 'AUTH.EMAIL_TAKEN' });
  });
});
