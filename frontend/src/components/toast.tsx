import { notification } from 'antd';
import type { NotificationInstance, NotificationPlacement } from 'antd/es/notification/interface';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

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

const ToastContext = createContext<NotificationInstance | null>(null);

/**
 * Where toasts go (issue 10): at the bottom, never over the header or the page title. On a phone they are centred
 * above the bottom navigation (styles.css lifts them over it), wider screens get them bottom right, away from the
 * admin header, the page title and the toolbar under it.
 */
export function toastPlacement(): NotificationPlacement {
  const phone = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH_PX}px)`).matches;
  return phone ? 'bottom' : 'bottomRight';
}

/** One notification host for the app (themed, at most 3 visible). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({ maxCount: TOAST_LIMIT, duration: TOAST_DURATION_SECONDS });
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

/** The rules over an antd notification instance: placement, the spec's durations, one toast per action. */
export function createToastApi(api: Pick<NotificationInstance, 'success' | 'error' | 'destroy'>): TToastApi {
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
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return useMemo(() => createToastApi(api), [api]);
}
