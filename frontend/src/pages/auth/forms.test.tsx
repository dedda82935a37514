import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes, loadAuthScreens } from '../../app/router';
import { AUTH_TOKEN_KEY } from '../../features/session/session.storage';
import { forgetLanguageChosenSignedOut } from '../../features/session/accountLanguage';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n.constants';
import { REFERRAL_SOURCE_KEY } from '../../features/referral/referralSource';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders } from '../../test/test-utils';

// As main.tsx does under the static shell: the sign-in chunk is in before the first render (a cold import of it can
// take longer than a findBy waits on a busy machine).
beforeAll(async () => {
  await loadAuthScreens();
}, 60_000);

describe('login screen', () => {
  it('when the fields are wrong, then the messages appear under the inputs and nothing is sent', async () => {
    const fetchMock = mockApi({});
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/login')).toHaveLength(0);
  });

  it('when an admin signs in, then the token is stored, "Welcome back!" is shown and the admin lands on /admin', async () => {
    mockApi({
      'POST /api/auth/login': () => jsonResponse({ token: 'new-token', user: makeUser({ role: 'admin' }) }),
      'GET /api/auth/me': () => jsonResponse(makeUser({ role: 'admin' })),
      'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: false }),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new-token');
  });

  it('when the server refuses, then "Login failed" shows the server message', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse({ message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' }, 401) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'w@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('login screen in Russian (issue 28)', () => {
  it('when the server refuses the sign-in, then "Login failed" and the reason are said in Russian, not in the server\'s English', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse({ message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' }, 401) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login', language: 'ru' });
    await user.type(await screen.findByLabelText('Эл. почта'), 'w@example.test');
    await user.type(screen.getByLabelText('Пароль'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Не удалось войти')).toBeInTheDocument();
    expect(screen.getByText('Неверный адрес эл. почты или пароль')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
  });

  it('when the server answers a code the catalogue does not know, then its own message is shown', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse({ message: 'A refusal from a newer server', code: 'AUTH.SOMETHING_NEW' }, 400) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login', language: 'ru' });
    await user.type(await screen.findByLabelText('Эл. почта'), 'w@example.test');
    await user.type(screen.getByLabelText('Пароль'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('A refusal from a newer server')).toBeInTheDocument();
  });
});

describe('login screen: toasts of one action', () => {
  it('when a failed sign-in is followed by a good one, then "Login failed" is replaced at once by "Welcome back!"', async () => {
    let attempt = 0;
    mockApi({
      'POST /api/auth/login': () =>
        ++attempt === 1 ? jsonResponse({ message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' }, 401) : jsonResponse({ token: 't', user: makeUser() }),
      'GET /api/auth/me': () => jsonResponse(makeUser()),
      'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: false }),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'w@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
  });
});

describe('register screen', () => {
  it('when the e-mail is taken, then the server\'s message is under the e-mail field, the form is kept and no toast shows', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/register': () => jsonResponse({ message: 'User with this email already exists', code: 'AUTH.EMAIL_TAKEN', field: 'email' }, 409),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/register' });
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const message = await screen.findByText('User with this email already exists');
    // Under the e-mail field, not in a toast.
    expect(message.closest('.form-field')).toContainElement(screen.getByLabelText('Email'));
    expect(message.closest('.ant-notification')).toBeNull();
    expect(screen.queryByText('Registration failed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(callsTo(fetchMock, 'POST /api/auth/register')).toHaveLength(1);
    // Editing the field takes the message away.
    await user.type(screen.getByLabelText('Email'), 'x');
    await waitFor(() => expect(screen.queryByText('User with this email already exists')).not.toBeInTheDocument());
  });

  it('when the refusal names no field of the form, then it is a toast', async () => {
    mockApi({ 'POST /api/auth/register': () => jsonResponse({ message: 'Service temporarily unavailable. Please try again shortly.', code: 'SERVICE.UNAVAILABLE' }, 503) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/register' });
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const message = await screen.findByText('Service temporarily unavailable. Please try again shortly.');
    expect(message.closest('.ant-notification')).not.toBeNull();
  });

  it('when the confirmation differs, then "Passwords don\'t match" appears and nothing is sent', async () => {
    const fetchMock = mockApi({});
    const { user } = renderWithProviders(<AppRoutes />, { route: '/register' });
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/register')).toHaveLength(0);
  });

  it('when the password is short and names are empty, then each field says why', async () => {
    mockApi({});
    const { user } = renderWithProviders(<AppRoutes />, { route: '/register' });
    await user.type(await screen.findByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must contain at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  it('when the form is valid, then it sends confirmPassword and the stored referral source, and goes to /', async () => {
    localStorage.setItem(REFERRAL_SOURCE_KEY, 'FRIEND42');
    const fetchMock = mockApi({
      'POST /api/auth/register': () => jsonResponse({ token: 't', user: makeUser({ documentsAccepted: true }) }, 201),
      'GET /api/auth/me': () => jsonResponse(makeUser()),
      'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: false }),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/register' });
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your account has been created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /api/auth/register')[0]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ email: 'ada@example.test', password: 'secret1', confirmPassword: 'secret1', firstName: 'Ada', lastName: 'Lovelace', referralSource: 'FRIEND42', language: 'en' });
  });
  it('when a referral link\'s code is unknown, then /register says the link is not valid, and that the older saved code is the one used', async () => {
    localStorage.setItem(REFERRAL_SOURCE_KEY, 'FRIEND42');
    mockApi({
      'GET /api/referral/NOPE7': () => jsonResponse({ message: 'Referral link not found', code: 'REFERRALS.NOT_FOUND' }, 404),
      'POST /api/referral/NOPE7/track-click': () => jsonResponse({ counted: false }),
    });
    renderWithProviders(<AppRoutes />, { route: '/ref/NOPE7' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/register$/));
    const problem = await screen.findByTestId('referral-problem');
    expect(problem).toHaveTextContent('The invitation link with the code NOPE7 is not valid or no longer active.');
    expect(problem).toHaveTextContent('Your earlier invitation code FRIEND42 will be used.');
    expect(screen.queryByText('You were invited with the code FRIEND42.')).toBeNull();
  });

  it('when a referral link is inactive, in Russian, then the notice is in Russian; opened directly, /register shows no notice', async () => {
    mockApi({
      'GET /api/referral/OLD1': () => jsonResponse({ code: 'OLD1', isActive: false, landingPage: null }),
      'POST /api/referral/OLD1/track-click': () => jsonResponse({ counted: false }),
    });
    const first = renderWithProviders(<AppRoutes />, { route: '/ref/OLD1', language: 'ru' });
    expect(await screen.findByTestId('referral-problem')).toHaveTextContent('Ссылка-приглашение с кодом OLD1 недействительна или больше не активна.');
    first.unmount();
    renderWithProviders(<AppRoutes />, { route: '/register' });
    await screen.findByLabelText('First name');
    expect(screen.queryByTestId('referral-problem')).toBeNull();
  });
});

describe('forgot-password screen', () => {
  it('when the email is empty, then "Enter your email address" appears', async () => {
    mockApi({});
    const { user } = renderWithProviders(<AppRoutes />, { route: '/forgot-password' });
    await user.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
  });

  it('when the link is sent, then a confirmation with a link back to sign in is shown', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => jsonResponse({ message: 'sent' }) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/forgot-password' });
    await user.type(await screen.findByLabelText('Email'), 'w@example.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Check your e-mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('reset-password screen', () => {
  it('when there is no token, then "Recovery token not found" is shown', async () => {
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/reset-password' });
    expect(await screen.findByText('Recovery token not found')).toBeInTheDocument();
  });

  it('when the token is invalid, then "Invalid Link" is shown and the browser goes to /forgot-password', async () => {
    mockApi({ 'POST /api/auth/validate-reset-token': () => jsonResponse({ message: 'Recovery link has expired or is invalid' }, 400) });
    renderWithProviders(<AppRoutes />, { route: '/reset-password?token=bad' });
    expect(await screen.findByText('Invalid Link')).toBeInTheDocument();
    expect(screen.getByText('Recovery link has expired or is invalid')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password'));
  });

  it('when the new password is empty, short or not confirmed, then the messages of spec 01 s.5 appear', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/validate-reset-token': () => jsonResponse({ valid: true, email: 'w@example.test' }) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/reset-password?token=good' });
    const submit = await screen.findByRole('button', { name: 'Set new password' });
    await user.click(submit);
    expect(await screen.findByText('Enter new password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '123');
    await user.type(screen.getByLabelText('Confirm new password'), '124');
    await user.click(submit);
    expect(await screen.findByText('Password must contain at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('when the new password is set, then the success screen links to sign in', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/validate-reset-token': () => jsonResponse({ valid: true, email: 'w@example.test' }),
      'POST /api/auth/reset-password': () => jsonResponse({ message: 'ok' }),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/reset-password?token=good' });
    expect(await screen.findByText('For w@example.test')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/auth/reset-password')[0]?.body))).toEqual({ token: 'good', newPassword: 'new-secret' });
  });
});

describe('the account\'s language at sign-in (issue 28 item 4)', () => {
  const adminLogin = (language: 'en' | 'ru') => ({
    'POST /api/auth/login': () => jsonResponse({ token: 'new-token', user: makeUser({ role: 'admin', language }) }),
    'GET /api/auth/me': () => jsonResponse(makeUser({ role: 'admin', language })),
    'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: false }),
  });

  async function signIn(user: { type: (e: Element, t: string) => Promise<void>; click: (e: Element) => Promise<void> }, button = 'Sign in') {
    await user.type(await screen.findByLabelText(/Email|Эл\. почта/), 'admin@example.test');
    await user.type(screen.getByLabelText(/Password|Пароль/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: button }));
  }

  it('when a user whose saved language is Russian signs in on a new (English) device, then the interface switches to Russian and the device keeps it', async () => {
    forgetLanguageChosenSignedOut();
    const fetchMock = mockApi(adminLogin('ru'));
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await signIn(user);
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(callsTo(fetchMock, 'PUT /api/user/language')).toHaveLength(0);
  });

  it('when the user picked Russian on the sign-in page and the account says English, then Russian stays and is saved to the account', async () => {
    forgetLanguageChosenSignedOut();
    const fetchMock = mockApi({ ...adminLogin('en'), 'PUT /api/user/language': () => jsonResponse({ language: 'ru' }) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Русский' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
    await signIn(user, 'Войти');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/user/language')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT /api/user/language')[0]?.body))).toEqual({ language: 'ru' });
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  });

  it('when the saved language is the device\'s, then nothing changes and nothing is saved', async () => {
    forgetLanguageChosenSignedOut();
    const fetchMock = mockApi(adminLogin('en'));
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await signIn(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(document.documentElement.lang).toBe('en');
    expect(callsTo(fetchMock, 'PUT /api/user/language')).toHaveLength(0);
  });
});
