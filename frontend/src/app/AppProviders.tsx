import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import type { i18n as TI18n } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { useDialogFocusGuard } from '../components/dialogs/useDialogFocusGuard';
import { ToastProvider } from '../components/toast';
import type { TAppStore } from './store';

/**
 * Colours chosen for contrast (WCAG AA, 4.5:1 for text; the browser journeys run axe on every screen): the brand
 * blue on its light selected background, the error red and the secondary text are darker than antd's defaults
 * (the text of the preset tag colours is darkened in styles.css).
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#175cd3',
    colorLink: '#175cd3',
    colorInfo: '#175cd3',
    colorError: '#cf1322',
    // Hover and press darken instead of lighten: white text stays at 4.5:1 under the pointer.
    colorPrimaryHover: '#134aa8',
    colorPrimaryActive: '#0f3d8c',
    colorLinkHover: '#134aa8',
    colorLinkActive: '#0f3d8c',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorTextSecondary: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // A placeholder that says what an empty filter means ("All statuses") is read, not decoration (antd: 1.8:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 10,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // An empty table's text: antd draws it in the disabled grey (1.8:1); it is information, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};

function useLanguage(i18n: TI18n): string {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const onChange = (lng: string) => setLanguage(lng);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return language;
}

/** Store, translations, theme and toasts: everything a screen needs around it (also used by the tests). */
export function AppProviders({ store, i18n, children }: { store: TAppStore; i18n: TI18n; children: ReactNode }) {
  const language = useLanguage(i18n);
  useDialogFocusGuard();
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider theme={THEME} locale={language === 'ru' ? ruRU : enUS}>
          <ToastProvider>{children}</ToastProvider>
        </ConfigProvider>
      </I18nextProvider>
    </Provider>
  );
}
