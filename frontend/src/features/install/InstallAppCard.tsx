import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { useInstallState } from './installPrompt';
import { useAppName } from '../branding/useAppName';

const InstallAppDialog = lazy(() => import('./InstallAppDialog').then((m) => ({ default: m.InstallAppDialog })));

/** Spec 02 s.2: hidden when the app is installed or runs standalone; the appinstalled event hides it. */
export function InstallAppCard() {
  const { t } = useTranslation();
  const appName = useAppName();
  const { installed, standalone } = useInstallState();
  const [open, setOpen] = useState(false);
  if (installed || standalone) return null;
  return (
    <Panel testId="install-card">
      <h2 className="panel-title">{t('install.cardTitle')}</h2>
      <p className="muted">{t('install.cardText', { name: appName })}</p>
      <Button type="primary" ghost icon={<DownloadOutlined />} onClick={() => setOpen(true)}>
        {t('install.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InstallAppDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Panel>
  );
}
