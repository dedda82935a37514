import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

/** Spec 01 s.9: at most 3 toasts at once; a non-destructive one goes after 4000 ms; destructive means error. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_SECONDS = 4;
export const DESTRUCTIVE_TOAST_DURATION_SECONDS = 5;

export interface TToast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<NotificationInstance | null>(null);

/** One notification host for the app (themed, at most 3 visible). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({ maxCount: TOAST_LIMIT, placement: 'top', duration: TOAST_DURATION_SECONDS });
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: TToast) => void {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return useCallback(
    ({ title, description, variant = 'default' }: TToast) => {
      const destructive = variant === 'destructive';
      api[destructive ? 'error' : 'success']({
        title,
        description,
        duration: destructive ? DESTRUCTIVE_TOAST_DURATION_SECONDS : TOAST_DURATION_SECONDS,
      });
    },
    [api],
  );
}
