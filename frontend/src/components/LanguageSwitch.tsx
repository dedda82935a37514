import { useTranslation } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type TLanguage } from '../app/i18n.constants';

/** English / Russian; the choice is kept on the device. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation();
  const current: TLanguage = i18n.language === 'ru' ? 'ru' : 'en';
  return (
    <div className={`language-switch${size === 'small' ? ' small' : ''}`} role="group" aria-label={t('common.language')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={current === lng}
          className={current === lng ? 'active' : ''}
          onClick={() => {
            localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
            void i18n.changeLanguage(lng);
          }}
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </div>
  );
}
