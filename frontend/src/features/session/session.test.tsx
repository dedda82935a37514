import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/router';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders } from '../../test/test-utils';
import type { Dispatch } from '@reduxjs/toolkit';
import { endSession } from './endSession';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from './session.storage';
import { readSignOutReason } from './signOutReason';

function storeSession(user = makeUser(), token = 'stored-token') {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
}

describe('session (spec 01 s.4)', () => {
  it('when a token and user are stored, then the user is shown at once and refreshed from GET /api/auth/me', async () => {
    storeSession(makeUser({ firstName: 'Stored' }));
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({ 'GET /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)) });

    renderWithProviders(<AppRoutes />, { route: '/' });

    // Before GET /api/auth/me has answered (the home screen's chunk loads lazily, hence find).
    expect(await screen.findByText('Hello, Stored')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/auth/me')).toHaveLength(1));
    const headers = callsTo(fetchMock, 'GET /api/auth/me')[0]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer stored-token');
    answer(jsonResponse(makeUser({ firstName: 'Confirmed' })));
    expect(await screen.findByText('Hello, Confirmed')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(AUTH_USER_KEY) ?? '{}')).toMatchObject({ firstName: 'Confirmed' });
  });

  it('when the stored user cannot be parsed, then the stored authentication is removed and the visitor is signed out', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    localStorage.setItem(AUTH_USER_KEY, '{not json');
    mockApi({});

    renderWithProviders(<AppRoutes />, { route: '/tasks' });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });

  it('when GET /api/auth/me answers 401, then local storage, session storage and cookies are cleared and the browser goes to /login', async () => {
    storeSession();
    sessionStorage.setItem('something', '1');
    document.cookie = 'tracking=abc; path=/';
    mockApi({ 'GET /api/auth/me': () => jsonResponse({ message: 'Unauthorized', code: 'AUTH.UNAUTHORIZED' }, 401) });

    renderWithProviders(<AppRoutes />, { route: '/profile' });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
    expect(sessionStorage.getItem('something')).toBeNull();
    expect(document.cookie).not.toContain('tracking=abc');
  });

  it('when the account was deleted and a request still in flight then answers a plain 401, then /login still says the account was deleted', async () => {
    storeSession();
    // What DeleteAccountCard does once the server has deleted the account.
    endSession(((action: unknown) => action) as Dispatch, 'deleted');
    storeSession();
    mockApi({ 'GET /api/auth/me': () => jsonResponse({ message: 'Unauthorized', code: 'AUTH.UNAUTHORIZED' }, 401) });

    renderWithProviders(<AppRoutes />, { route: '/profile' });

    expect(await screen.findByTestId('sign-out-reason')).toHaveTextContent('Your account has been deleted.');
    // Said once: gone from storage after it was shown.
    expect(readSignOutReason()).toBeUndefined();
  });

  it('when a call answers 403 on a page outside /admin, then it is treated like a 401', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/me': () => jsonResponse({ message: 'Forbidden', code: 'AUTH.FORBIDDEN' }, 403) });

    renderWithProviders(<AppRoutes />, { route: '/profile' });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('when a call answers 403 on an /admin page, then the session is kept', async () => {
    storeSession(makeUser({ role: 'admin', email: 'admin@example.test' }));
    const fetchMock = mockApi({ 'GET /api/auth/me': () => jsonResponse({ message: 'Forbidden', code: 'AUTH.FORBIDDEN' }, 403) });

    renderWithProviders(<AppRoutes />, { route: '/admin/users-list' });

    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/auth/me')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users-list');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('stored-token');
  });

  it('when GET /api/auth/me fails with a network error, then the stored session is kept', async () => {
    storeSession(makeUser({ firstName: 'Offline' }));
    const fetchMock = mockApi({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });

    renderWithProviders(<AppRoutes />, { route: '/' });

    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/auth/me')).toHaveLength(1));
    expect(await screen.findByText('Hello, Offline')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('stored-token');
  });
});
