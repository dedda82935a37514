import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useInstallState } from './installPrompt';
import { useAppName } from '../branding/useAppName';

/** Says 'App Installed!' when the browser reports the installation, whatever screen is open. */
export function InstallWatcher() {
  const { t } = useTranslation();
  const appName = useAppName();
  const toast = useToast();
  const { installed } = useInstallState();
  const announced = useRef(false);
  useEffect(() => {
    if (!installed || announced.current) return;
    announced.current = true;
    toast({ title: t('install.installedTitle'), description: t('install.installedDescription', { name: appName }) });
  }, [installed, toast, t, appName]);
  return null;
}
