import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../app/antd';
import { renderWithProviders } from '../test/test-utils';
import { createToastApi, toastPlacement, ToastProvider, useToast, type TToastApi } from './toast';

let api: TToastApi | null = null;
function Probe() {
  api = useToast();
  return null;
}

function renderToasts(): TToastApi {
  renderWithProviders(<Probe />);
  if (!api) throw new Error('no toast api');
  return api;
}

function mockPhone(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: phone && query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList,
  );
}

describe('toasts (issue 10)', () => {
  it('on a phone they are centred at the bottom; wider, bottom right: never over the header or the page title', () => {
    mockPhone(true);
    expect(toastPlacement()).toBe('bottom');
    mockPhone(false);
    expect(toastPlacement()).toBe('bottomRight');
  });

  it('are drawn in the bottom container', async () => {
    mockPhone(true);
    const toast = renderToasts();
    act(() => toast({ title: 'Saved' }));
    const title = await screen.findByText('Saved');
    expect(title.closest('.ant-notification')).toHaveClass('ant-notification-bottom');
  });

  it('when the same action succeeds after failing, then the error toast is replaced at once', async () => {
    const toast = renderToasts();
    act(() => toast({ title: 'Login failed', description: 'Invalid email or password', variant: 'destructive', action: 'auth.login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    act(() => toast({ title: 'Welcome back!', action: 'auth.login' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
  });

  it('the rules: 4 s for a normal toast, 5 s for an error, the action is the key, dismiss removes that key', () => {
    mockPhone(true);
    const instance = { success: vi.fn(), error: vi.fn(), destroy: vi.fn() };
    const toast = createToastApi(instance);
    toast({ title: 'Wallet saved' });
    expect(instance.success).toHaveBeenCalledWith({ title: 'Wallet saved', description: undefined, placement: 'bottom', duration: 4 });
    toast({ title: 'Error', description: 'Amount exceeds your balance', variant: 'destructive', action: 'withdrawal.create' });
    expect(instance.error).toHaveBeenCalledWith({ title: 'Error', description: 'Amount exceeds your balance', placement: 'bottom', duration: 5, key: 'withdrawal.create' });
    toast.dismiss('withdrawal.create');
    expect(instance.destroy).toHaveBeenCalledWith('withdrawal.create');
  });

  it('different actions stack, at most 3 at once (spec 01 s.9)', async () => {
    const toast = renderToasts();
    act(() => {
      for (const n of [1, 2, 3, 4]) toast({ title: `Toast ${n}`, action: `a${n}` });
    });
    expect(await screen.findByText('Toast 4')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Toast 1')).not.toBeInTheDocument());
    expect(screen.getByText('Toast 2')).toBeInTheDocument();
    expect(screen.getByText('Toast 3')).toBeInTheDocument();
  });

  it('when the host is not loaded yet (the sign-in screens load no antd), then a dismissal loads nothing and the first toast loads the host and shows', async () => {
    const loadHost = vi.fn(() => Promise.resolve(ToastHost));
    render(
      <ToastProvider loadHost={loadHost}>
        <Probe />
      </ToastProvider>,
    );
    const toast = api as TToastApi;
    act(() => toast.dismiss('auth.login'));
    expect(loadHost).not.toHaveBeenCalled();
    act(() => toast({ title: 'Login failed', variant: 'destructive', action: 'auth.login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(loadHost).toHaveBeenCalledTimes(1);
    // The same api object, taken before the host was there, reaches it now.
    act(() => toast({ title: 'Welcome back!', action: 'auth.login' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });
});
