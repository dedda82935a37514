export const LANGUAGE_STORAGE_KEY = 'ui_language';
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type TLanguage = (typeof SUPPORTED_LANGUAGES)[number];
