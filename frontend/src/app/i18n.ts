import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type TCatalogue } from '../locales/en';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type TLanguage } from './i18n.constants';
import { setErrorLanguageSource } from './serverErrorText';

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

/**
 * The Russian catalogue is its own chunk (English, the fallback, is in the first download): main.tsx loads it before
 * the first render when Russian is the language, and the language switch loads it before switching.
 */
export const loadRussianCatalogue = (): Promise<TCatalogue> => import('../locales/ru').then((m) => m.ru);

/** Fetches a catalogue that was not given to createI18n (only Russian can be missing). */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (language !== 'ru') return callback(null, {});
    loadRussianCatalogue().then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** `ruCatalogue`: the Russian catalogue, when already loaded (it must be, for a first render in Russian). */
export function createI18n(language: TLanguage = detectLanguage(), ruCatalogue?: TCatalogue) {
  const instance = i18next.createInstance();
  void instance.use(lazyCatalogues).use(initReactI18next).init({
    resources: { en: { translation: en }, ...(ruCatalogue ? { ru: { translation: ruCatalogue } } : {}) },
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // Server refusals are said in this instance's language (errorMessageOf, serverMessageOf: issue 28).
  setErrorLanguageSource(instance);
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
