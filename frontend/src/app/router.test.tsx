import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatClient } from '../features/chat/chatClient';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../test/test-utils';
import * as antdModule from './antd';
import { loadedToastHost, provideAntd } from './antdLayer';
import { AppRoutes, loadAuthScreens, loadWorkerScreens } from './router';

// As main.tsx does when nobody is signed in: the sign-in chunk is fetched first (cold, it can take longer than a
// findBy waits on a busy machine).
beforeAll(async () => {
  await loadAuthScreens();
}, 60_000);

const worker = makeUser();
const admin = makeUser({ role: 'admin', email: 'admin@example.test' });
const quietApi = (user = worker) => mockApi({ 'GET /api/auth/me': () => jsonResponse(user), 'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: false }) });

describe('route guards (spec 01 s.2, spec 03 s.2)', () => {
  it('when a signed-out visitor opens /tasks, then they land on /login', async () => {
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/tasks' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('when a signed-out visitor opens a landing page, then it offers one sign-in action, not "Sign In" and "Login" side by side', async () => {
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/landing/crypto-gaming' });
    const header = (await screen.findByRole('heading', { level: 1 })).closest('.landing-page')?.querySelector('.landing-header') as HTMLElement;
    expect(within(header).getAllByRole('button').map((button) => button.textContent)).toEqual(['Sign In']);
  });

  it('when a signed-out visitor opens /, then the login screen is shown there', async () => {
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('while the session loads, then /login renders at once and other paths show Loading...', async () => {
    mockApi({ 'GET /api/auth/me': () => new Promise<Response>(() => undefined) });
    const loading = { session: { status: 'loading' as const, token: 't', user: null } };
    renderWithProviders(<AppRoutes />, { route: '/tasks', preloadedState: loading });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('while the session loads, then the login screen still renders', async () => {
    mockApi({ 'GET /api/auth/me': () => new Promise<Response>(() => undefined) });
    renderWithProviders(<AppRoutes />, { route: '/login', preloadedState: { session: { status: 'loading', token: 't', user: null } } });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('when a worker opens /admin, then they land on /', async () => {
    quietApi();
    renderWithProviders(<AppRoutes />, { route: '/admin', preloadedState: signedInState(worker) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
  });

  it('when an admin opens /admin, then the console shows the side menu of spec 03 in order', async () => {
    quietApi(admin);
    renderWithProviders(<AppRoutes />, { route: '/admin', preloadedState: signedInState(admin) });
    const menu = await screen.findByRole('menu');
    const topLevel = Array.from(menu.children).map((item) => item.textContent?.trim());
    expect(topLevel).toEqual([
      'Dashboard',
      'Users',
      'Tasks',
      'Task Packages',
      'Withdrawals',
      'Awards',
      'Chat System',
      'CRM - Support',
      'Referral System',
      'Company News',
      'Documents',
      'System Settings',
      'Email Templates',
      'Audit Log',
    ]);
    // /admin opens the Dashboard, which is built (issue 14): no section says it is not.
    expect(screen.queryByText('This section is not available yet')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back to App/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Logout/ })).toBeInTheDocument();
  });

  it('when an admin opens an unknown section, then the dashboard is shown at /admin/dashboard', async () => {
    quietApi(admin);
    renderWithProviders(<AppRoutes />, { route: '/admin/no-such-section', preloadedState: signedInState(admin) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    // The section's name is the page's one h1.
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('when an admin picks a sub-section, then the URL names it', async () => {
    quietApi(admin);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/admin/dashboard', preloadedState: signedInState(admin) });
    await user.click(await screen.findByText('Chat System'));
    await user.click(await screen.findByText('Chat Monitor'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/chat-monitor'));
  });

  it('when a signed-in worker opens an unknown path, then "404 Page Not Found" is shown', async () => {
    quietApi();
    renderWithProviders(<AppRoutes />, { route: '/no/such/page', preloadedState: signedInState(worker) });
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    // Said once (issue 10), not a big "404" above a "404 Page Not Found" heading.
    expect(document.body.textContent?.match(/404/g)).toHaveLength(1);
  });

  it('when a signed-in worker opens /login, then they are sent to /', async () => {
    quietApi();
    renderWithProviders(<AppRoutes />, { route: '/login', preloadedState: signedInState(worker) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('when a worker opens the profile, then Sign Out is there and the admin-panel button is not', async () => {
    quietApi();
    renderWithProviders(<AppRoutes />, { route: '/profile', preloadedState: signedInState(worker) });
    const main = await screen.findByRole('main');
    // The Profile screen is its own chunk: it comes after the frame.
    expect(await within(main).findByRole('button', { name: /Sign Out/ })).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: /Admin panel/ })).toBeNull();
    expect(within(main).getByRole('button', { name: /Install App/ })).toBeInTheDocument();
  });
});

describe("the worker's frame without antd (issue 27)", () => {
  afterEach(() => {
    provideAntd(antdModule);
    vi.restoreAllMocks();
  });

  it('when a worker starts on Home before antd is loaded, then Home renders without it, and going to Tasks, Chat, Withdrawals and back keeps the same frame and its one chat connection', async () => {
    // As in the browser at a worker's start: antd's layer is not loaded (the tests otherwise hand it in at once).
    provideAntd(undefined);
    const start = vi.spyOn(ChatClient.prototype, 'start').mockImplementation(() => undefined);
    const stop = vi.spyOn(ChatClient.prototype, 'stop').mockImplementation(() => undefined);
    const empty = { items: [], nextCursor: null, total: 0, totalExact: true };
    mockApi({
      'GET /api/auth/me': () => jsonResponse(worker),
      'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: false }),
      'GET /api/ledger/balance': () => jsonResponse({ available: '12.50', held: '0.00' }),
      'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(empty),
      'GET /api/news': () => jsonResponse(empty),
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', preloadedState: signedInState(worker) });
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    expect(await screen.findByTestId('withdraw-why')).toHaveTextContent('$37.50 to go');
    // Home and the frame did not need antd: nothing has loaded it.
    expect(loadedToastHost()).toBeUndefined();

    const header = document.querySelector('.worker-header');
    const main = screen.getByRole('main');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const screenShown = async (path: string) => {
      // The navigation is a transition: Home stays until antd's layer and the screen's chunk are in (cold in the tests).
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`)), { timeout: 30_000 });
      // Any spinner of the frame (antd's layer and the screen's chunk loading) has given way to the screen.
      await waitFor(() => expect(main.querySelector('.center-block > .spinner')).toBeNull(), { timeout: 30_000 });
      expect(main.childElementCount).toBeGreaterThan(0);
    };
    await user.click(within(nav).getByRole('link', { name: 'Tasks' }));
    await screenShown('/tasks');
    // The screens that use antd loaded its layer themselves, under the frame.
    expect(loadedToastHost()).toBeDefined();
    await user.click(within(nav).getByRole('link', { name: 'Chat' }));
    await screenShown('/chat');
    await user.click(within(nav).getByRole('link', { name: 'Home' }));
    await user.click(await screen.findByRole('button', { name: 'Withdrawal history' }));
    await screenShown('/withdrawals');
    await user.click(within(nav).getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();

    // One frame all along: the same header element, the same main, one chat connection never stopped.
    expect(document.querySelector('.worker-header')).toBe(header);
    expect(screen.getByRole('main')).toBe(main);
    expect(start).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
  }, 90_000);
});

describe("a kept worker session's first render (issue 27)", () => {
  it("when the worker's screens have loaded (main.tsx waits for them), then the first commit of / is the frame and Home, not the full-page spinner", async () => {
    quietApi();
    // The last test of the file: from here on the worker's screens render without suspending.
    await loadWorkerScreens();
    renderWithProviders(<AppRoutes />, { route: '/', preloadedState: signedInState(worker) });
    // No await: React shows a fallback it has committed for at least 300 ms, which held Home's largest text back.
    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.getByTestId('balance-card')).toBeInTheDocument();
    expect(document.querySelector('.full-page-center')).toBeNull();
  });
});
