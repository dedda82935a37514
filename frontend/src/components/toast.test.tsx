import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../app/antd';
import { renderWithProviders } from '../test/test-utils';
import { createToastApi, TOAST_KEY_ATTRIBUTE, toastPlacement, ToastProvider, useToast, type TToastApi } from './toast';

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
    expect(instance.success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Wallet saved', description: undefined, placement: 'bottom', duration: 4 }));
    // A toast without an action still gets a key of its own, on its element (a swipe dismisses it by that key).
    const anonymous = instance.success.mock.calls[0]![0] as { key: string; props: Record<string, string> };
    expect(anonymous.key).toMatch(/^toast-\d+$/);
    expect(anonymous.props).toEqual({ [TOAST_KEY_ATTRIBUTE]: anonymous.key });
    toast({ title: 'Error', description: 'Amount exceeds your balance', variant: 'destructive', action: 'withdrawal.create' });
    expect(instance.error).toHaveBeenCalledWith({
      title: 'Error', description: 'Amount exceeds your balance', placement: 'bottom', duration: 5, key: 'withdrawal.create', props: { [TOAST_KEY_ATTRIBUTE]: 'withdrawal.create' },
    });
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

  it('F8 moves the focus to the labelled live region of the toasts, from anywhere (spec 01 s.9)', async () => {
    const toast = renderToasts();
    act(() => toast({ title: 'Task taken successfully!' }));
    await screen.findByText('Task taken successfully!');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toContainElement(screen.getByText('Task taken successfully!'));
    expect(region).not.toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'F8' });
    expect(region).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'F7' });
    expect(region).toHaveFocus();
  });

  it('a swipe right past 50 px on a phone dismisses the toast; a shorter one or a swipe left leaves it', async () => {
    mockPhone(true);
    const toast = renderToasts();
    act(() => {
      toast({ title: 'Stays', action: 'a.stays' });
      toast({ title: 'Goes', action: 'a.goes' });
    });
    const swipe = (text: string, dx: number) => {
      const notice = screen.getByText(text).closest(`[${TOAST_KEY_ATTRIBUTE}]`)!;
      fireEvent.pointerDown(notice, { pointerId: 1, pointerType: 'touch', clientX: 100 });
      fireEvent.pointerMove(notice, { pointerId: 1, pointerType: 'touch', clientX: 100 + dx / 2 });
      fireEvent.pointerMove(notice, { pointerId: 1, pointerType: 'touch', clientX: 100 + dx });
      fireEvent.pointerUp(notice, { pointerId: 1, pointerType: 'touch', clientX: 100 + dx });
      return notice as HTMLElement;
    };
    await screen.findByText('Goes');
    const short = swipe('Stays', 50);
    expect(short.style.transform).toBe('');
    swipe('Stays', -120);
    swipe('Goes', 51);
    // Dismissed: it leaves (jsdom runs no CSS animation, so the element stays in its leave state), the other stays.
    await waitFor(() => expect(screen.getByText('Goes').closest('.ant-notification-notice')).toHaveClass('ant-notification-fade-leave'));
    expect(screen.getByText('Stays').closest('.ant-notification-notice')).not.toHaveClass('ant-notification-fade-leave');
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
