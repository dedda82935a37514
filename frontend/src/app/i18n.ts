import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { ru } from '../locales/ru';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type TLanguage } from './i18n.constants';

export { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type TLanguage };

function isLanguage(value: string | null | undefined): value is TLanguage {
  return value === 'en' || value === 'ru';
}

/** The saved choice, else the browser's language when it is Russian, else English. */
export function detectLanguage(): TLanguage {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2).toLowerCase();
  return browser === 'ru' ? 'ru' : 'en';
}

export function createI18n(language: TLanguage = detectLanguage()) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, ru: { translation: ru } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = language;
  return instance;
}

export function changeLanguage(instance: ReturnType<typeof createI18n>, language: TLanguage): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  void instance.changeLanguage(language);
}
