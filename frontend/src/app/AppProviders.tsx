import type { i18n as TI18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { useDialogFocusGuard } from '../components/dialogs/useDialogFocusGuard';
import { ToastProvider } from '../components/toast';
import { loadedToastHost, loadToastHost } from './antdLayer';
import type { TAppStore } from './store';

/**
 * Store, translations and toasts: everything a screen needs around it (also used by the tests). antd's theme is not
 * here: the screens that use antd are rendered inside `AntdScope` (app/antdLayer.tsx), so the signed-out screens
 * load no antd at all (issue 27).
 */
export function AppProviders({ store, i18n, children }: { store: TAppStore; i18n: TI18n; children: ReactNode }) {
  useDialogFocusGuard();
  const Host = loadedToastHost();
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider {...(Host ? { Host } : { loadHost: loadToastHost })}>{children}</ToastProvider>
      </I18nextProvider>
    </Provider>
  );
}
