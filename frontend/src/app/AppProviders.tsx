import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import type { i18n as TI18n } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { ToastProvider } from '../components/toast';
import type { TAppStore } from './store';

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1f6feb',
    borderRadius: 10,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
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
