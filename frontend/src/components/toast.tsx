import type { ArgsProps, NotificationInstance, NotificationPlacement } from 'antd/es/notification/interface';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 01 s.9: at most 3 toasts at once; a non-destructive one goes after 4000 ms; destructive means error. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_SECONDS = 4;
export const DESTRUCTIVE_TOAST_DURATION_SECONDS = 5;
/** Up to this width the toasts are centred at the bottom, above the bottom navigation; wider, bottom right. */
export const PHONE_MAX_WIDTH_PX = 640;
/** Spec 01 s.9 (the toast primitive's defaults): F8 moves the focus to the toasts; a swipe right past 50 px dismisses one. */
export const TOAST_HOTKEY = 'F8';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The attribute each toast carries with its key, so a swipe knows which one to dismiss. */
export const TOAST_KEY_ATTRIBUTE = 'data-toast-key';

export interface TToast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /**
   * The action the toast is about (e.g. 'auth.login', `submission.approve:${id}`). A later toast of the same action
   * replaces it, so 'Login failed' is gone once the login succeeds; `dismiss(action)` removes it without a new one.
   */
  action?: string;
  /** How long it stays, when not the spec's default (the support reply notification: 5 s). */
  durationSeconds?: number;
}

export interface TToastApi {
  (toast: TToast): void;
  /** Removes the toast of this action, if it is still there (the action succeeded, or its error went under a field). */
  dismiss: (action: string) => void;
}

type TNotifications = Pick<NotificationInstance, 'success' | 'error' | 'destroy'>;

/** The toast host (app/antd.tsx: antd's notification holder) hands its instance over when it has mounted. */
export interface TToastHostProps {
  onReady: (api: NotificationInstance) => void;
  /** Where the toasts are drawn: the provider's labelled region (F8, swipe). */
  container: () => HTMLElement;
}

/**
 * What the provider offers: the notification instance once the host is there; before that, calls wait in a queue
 * and the first one mounts the host (issue 27: the signed-out screens do not download antd until a toast is shown).
 */
interface TToastChannel {
  api: TNotifications | null;
  /** `onlyIfWaiting`: dropped when nothing waits (a dismissal before any toast: there is nothing to remove). */
  enqueue: (call: (api: TNotifications) => void, onlyIfWaiting?: boolean) => void;
}

const ToastContext = createContext<TToastChannel | null>(null);

/**
 * Where toasts go (issue 10): at the bottom, never over the header or the page title. On a phone they are centred
 * above the bottom navigation (styles.css lifts them over it), wider screens get them bottom right, away from the
 * admin header, the page title and the toolbar under it.
 */
export function toastPlacement(): NotificationPlacement {
  const phone = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH_PX}px)`).matches;
  return phone ? 'bottom' : 'bottomRight';
}

/**
 * A swipe right on a toast: it follows the finger (or pointer) to the right, and past TOAST_SWIPE_THRESHOLD_PX it is
 * dismissed when let go; a shorter or leftward move puts it back. Listens on the region, so every toast has it.
 */
export function useSwipeToDismiss(region: { current: HTMLElement | null }, dismiss: (key: string) => void): void {
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    let swipe: { pointerId: number; startX: number; toast: HTMLElement; key: string; dx: number } | null = null;
    const reset = () => {
      if (swipe) {
        swipe.toast.style.transform = '';
        swipe.toast.style.opacity = '';
      }
      swipe = null;
    };
    const onDown = (event: PointerEvent) => {
      const toast = (event.target as Element | null)?.closest<HTMLElement>(`[${TOAST_KEY_ATTRIBUTE}]`);
      const key = toast?.getAttribute(TOAST_KEY_ATTRIBUTE);
      if (!toast || !key || (event.pointerType === 'mouse' && event.button !== 0)) return;
      swipe = { pointerId: event.pointerId, startX: event.clientX, toast, key, dx: 0 };
    };
    const onMove = (event: PointerEvent) => {
      if (!swipe || event.pointerId !== swipe.pointerId) return;
      swipe.dx = event.clientX - swipe.startX;
      const dx = Math.max(0, swipe.dx);
      swipe.toast.style.transform = dx > 0 ? `translateX(${dx}px)` : '';
      swipe.toast.style.opacity = dx > 0 ? String(Math.max(0.3, 1 - dx / (TOAST_SWIPE_THRESHOLD_PX * 4))) : '';
    };
    const onUp = (event: PointerEvent) => {
      if (!swipe || event.pointerId !== swipe.pointerId) return;
      const { dx, key } = swipe;
      reset();
      if (dx > TOAST_SWIPE_THRESHOLD_PX) dismiss(key);
    };
    element.addEventListener('pointerdown', onDown);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerup', onUp);
    element.addEventListener('pointercancel', reset);
    return () => {
      element.removeEventListener('pointerdown', onDown);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerup', onUp);
      element.removeEventListener('pointercancel', reset);
    };
  }, [region, dismiss]);
}

/**
 * One notification host for the app. `Host` is its component: given (the tests, app/antdLayer.tsx once antd is
 * loaded) it is mounted at once; otherwise `loadHost` fetches it when the first toast is asked for. The toasts are
 * drawn in a labelled live region: F8 anywhere moves the focus to it (Tab then reaches each toast's close button),
 * and a swipe right dismisses a toast.
 */
export function ToastProvider({ Host, loadHost, children }: { Host?: ComponentType<TToastHostProps>; loadHost?: () => Promise<ComponentType<TToastHostProps>>; children: ReactNode }) {
  const [api, setApi] = useState<TNotifications | null>(null);
  const [wanted, setWanted] = useState(Boolean(Host));
  const queue = useRef<((api: TNotifications) => void)[]>([]);
  const ready = useRef<TNotifications | null>(null);
  // Chosen once: a host that changed would be a new host, and the toasts on the screen would go with the old one.
  const [MountedHost] = useState<ComponentType<TToastHostProps> | null>(() =>
    Host ?? (loadHost ? lazy(() => loadHost().then((component) => ({ default: component }))) : null),
  );
  const onReady = useCallback((instance: TNotifications) => {
    ready.current = instance;
    setApi(instance);
    for (const call of queue.current.splice(0)) call(instance);
  }, []);
  const enqueue = useCallback((call: (api: TNotifications) => void, onlyIfWaiting = false) => {
    // A caller that rendered before the host was ready: the host is there now.
    if (ready.current) return call(ready.current);
    if (onlyIfWaiting && queue.current.length === 0) return;
    queue.current.push(call);
    setWanted(true);
  }, []);
  const channel = useMemo(() => ({ api, enqueue }), [api, enqueue]);
  const { t } = useTranslation();
  const region = useRef<HTMLElement | null>(null);
  const container = useCallback(() => region.current ?? document.body, []);
  const dismiss = useCallback((key: string) => ready.current?.destroy(key), []);
  useSwipeToDismiss(region, dismiss);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      region.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <ToastContext.Provider value={channel}>
      <section ref={region} className="toast-region" role="region" aria-live="polite" aria-label={t('common.toastRegion', { hotkey: TOAST_HOTKEY })} tabIndex={-1} data-testid="toast-region">
        {wanted && MountedHost && (
          <Suspense fallback={null}>
            <MountedHost onReady={onReady} container={container} />
          </Suspense>
        )}
      </section>
      {children}
    </ToastContext.Provider>
  );
}

/** The rules over an antd notification instance: placement, the spec's durations, one toast per action. */
type DivProps = NonNullable<ArgsProps['props']>;
let anonymousToasts = 0;

export function createToastApi(api: TNotifications): TToastApi {
  const show = ({ title, description, variant = 'default', action, durationSeconds }: TToast) => {
    const destructive = variant === 'destructive';
    // Every toast has a key (its action, or a new one), carried on its element so that a swipe can dismiss it.
    const key = action ?? `toast-${(anonymousToasts += 1)}`;
    api[destructive ? 'error' : 'success']({
      title,
      description,
      placement: toastPlacement(),
      duration: durationSeconds ?? (destructive ? DESTRUCTIVE_TOAST_DURATION_SECONDS : TOAST_DURATION_SECONDS),
      key,
      props: { [TOAST_KEY_ATTRIBUTE]: key } as DivProps,
    });
  };
  return Object.assign(show, { dismiss: (action: string) => api.destroy(action) });
}

export function useToast(): TToastApi {
  const channel = useContext(ToastContext);
  if (!channel) throw new Error('useToast needs a <ToastProvider> above it');
  const { api, enqueue } = channel;
  return useMemo(() => {
    if (api) return createToastApi(api);
    // The host is not there yet: the calls wait for it, in order.
    const later: TNotifications = {
      success: (config) => enqueue((ready) => ready.success(config)),
      error: (config) => enqueue((ready) => ready.error(config)),
      destroy: (key) => enqueue((ready) => ready.destroy(key), true),
    };
    return createToastApi(later);
  }, [api, enqueue]);
}
