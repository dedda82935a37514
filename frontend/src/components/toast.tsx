import { notification } from 'antd';
import type { ArgsProps, NotificationInstance, NotificationPlacement } from 'antd/es/notification/interface';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
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
 * One notification host for the app (themed, at most 3 visible), in a labelled live region: F8 anywhere moves the
 * focus to it (Tab then reaches each toast's close button), and a swipe right dismisses a toast.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const region = useRef<HTMLElement | null>(null);
  const [api, holder] = notification.useNotification({
    maxCount: TOAST_LIMIT,
    duration: TOAST_DURATION_SECONDS,
    getContainer: () => region.current ?? document.body,
  });
  const dismiss = useCallback((key: string) => api.destroy(key), [api]);
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
    <ToastContext.Provider value={api}>
      <section ref={region} className="toast-region" role="region" aria-live="polite" aria-label={t('common.toastRegion', { hotkey: TOAST_HOTKEY })} tabIndex={-1} data-testid="toast-region">
        {holder}
      </section>
      {children}
    </ToastContext.Provider>
  );
}

/** The rules over an antd notification instance: placement, the spec's durations, one toast per action. */
type DivProps = NonNullable<ArgsProps['props']>;
let anonymousToasts = 0;

export function createToastApi(api: Pick<NotificationInstance, 'success' | 'error' | 'destroy'>): TToastApi {
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
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return useMemo(() => createToastApi(api), [api]);
}
