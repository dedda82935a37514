import { ConfigProvider, notification, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_SECONDS, TOAST_LIMIT, type TToastHostProps } from '../components/toast';

/**
 * Ant Design's layer of the app (issue 27): its theme and locale, and the toast host. A chunk of its own
 * (app/antdLayer.tsx loads it): the signed-out screens are plain elements and never download it; every screen that
 * uses antd is rendered inside `AntdTheme`.
 */

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

/** antd's theme and the locale of the interface language around the screens that use antd. */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={THEME} locale={i18n.language === 'ru' ? ruRU : enUS}>
      {children}
    </ConfigProvider>
  );
}

/** The one notification host of the app (themed, at most 3 visible), drawn in the provider's region; hands its instance to the ToastProvider. */
export function ToastHost({ onReady, container }: TToastHostProps) {
  // One configuration object per host: antd makes a new instance whenever it is a new one.
  const [config] = useState(() => ({ maxCount: TOAST_LIMIT, duration: TOAST_DURATION_SECONDS, getContainer: container }));
  const [api, holder] = notification.useNotification(config);
  useEffect(() => {
    onReady(api);
  }, [api, onReady]);
  return <AntdTheme>{holder}</AntdTheme>;
}
