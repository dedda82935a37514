import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicBrandingQuery } from './branding.api';

/**
 * The platform's name as the admin set it in System Settings (platform_name, issue 28): the app's header brand and
 * the document title follow it, as the e-mails do. Until it is read (or when it cannot be), the catalogue's name.
 */
export function useAppName(): string {
  const { t } = useTranslation();
  const { data } = usePublicBrandingQuery();
  const name = data?.platformName.trim();
  return name ? name : t('app.name');
}

/** Keeps the document title (the browser tab, the installed app's window) the platform's name. */
export function DocumentTitle() {
  const name = useAppName();
  useEffect(() => {
    document.title = name;
  }, [name]);
  return null;
}
