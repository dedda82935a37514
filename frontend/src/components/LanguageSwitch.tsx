import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type TLanguage } from '../app/i18n.constants';
import { useSetLanguageMutation } from '../features/session/session.api';
import { userUpdated } from '../features/session/session.slice';
import { useToast } from './toast';
import { noteLanguageChosenSignedOut } from '../features/session/accountLanguage';

/**
 * English / Russian; the choice is kept on the device. Signed in, it is also the language of the user's e-mails
 * (issue 28): a switch saves it with PUT /api/user/language (the profile says so under its switch). Signed out (the
 * sign-in pages), the choice is noted so the sign-in that follows saves it instead of the account's older one
 * (features/session/accountLanguage.ts).
 */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const [saveLanguage] = useSetLanguageMutation();
  const current: TLanguage = i18n.language === 'ru' ? 'ru' : 'en';

  const choose = (lng: TLanguage) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    void i18n.changeLanguage(lng);
    if (!user) {
      noteLanguageChosenSignedOut(lng);
      return;
    }
    if (user.language === lng) return;
    saveLanguage(lng)
      .unwrap()
      .then(({ language }) => dispatch(userUpdated({ ...user, language })))
      .catch(() => toast({ title: i18n.t('languageSwitch.saveFailed', { lng }), variant: 'destructive', action: 'language.save' }));
  };

  return (
    <div className={`language-switch${size === 'small' ? ' small' : ''}`} role="group" aria-label={t('common.language')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button key={lng} type="button" lang={lng} aria-pressed={current === lng} className={current === lng ? 'active' : ''} onClick={() => choose(lng)}>
          {t(`languages.${lng}`)}
        </button>
      ))}
    </div>
  );
}
