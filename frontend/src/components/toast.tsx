import type { NotificationInstance, NotificationPlacement } from 'antd/es/notification/interface';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** Spec 01 s.9: at most 3 toasts at once; a non-destructive one goes after 4000 ms; destructive means error. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_SECONDS = 4;
export const DESTRUCTIVE_TOAST_DURATION_SECONDS = 5;
/** Up to this width the toasts are centred at the bottom, above the bottom navigation; wider, bottom right. */
export const PHONE_MAX_WIDTH_PX = 640;

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
 * One notification host for the app. `Host` is its component: given (the tests, app/antdLayer.tsx once antd is
 * loaded) it is mounted at once; otherwise `loadHost` fetches it when the first toast is asked for.
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
  return (
    <ToastContext.Provider value={channel}>
      {wanted && MountedHost && (
        <Suspense fallback={null}>
          <MountedHost onReady={onReady} />
        </Suspense>
      )}
      {children}
    </ToastContext.Provider>
  );
}

/** The rules over an antd notification instance: placement, the spec's durations, one toast per action. */
export function createToastApi(api: TNotifications): TToastApi {
  const show = ({ title, description, variant = 'default', action, durationSeconds }: TToast) => {
    const destructive = variant === 'destructive';
    api[destructive ? 'error' : 'success']({
      title,
      description,
      placement: toastPlacement(),
      duration: durationSeconds ?? (destructive ? DESTRUCTIVE_TOAST_DURATION_SECONDS : TOAST_DURATION_SECONDS),
      ...(action ? { key: action } : {}),
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
