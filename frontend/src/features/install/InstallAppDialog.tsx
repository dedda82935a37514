import { AndroidFilled, AppleFilled, DownloadOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { detectDevice, promptInstall, useInstallState, type TDevice } from './installPrompt';
import { useAppName } from '../branding/useAppName';

function Steps({ icon, title, steps }: { icon: ReactNode; title: string; steps: string[] }) {
  return (
    <section className="install-steps">
      <Typography.Title level={5}>
        {icon} {title}
      </Typography.Title>
      <ol>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/** Spec 02 s.2: device-specific guidance (Android, iOS/Safari, unknown); the browser prompt when offered. */
export function InstallAppDialog({ open, onClose, device }: { open: boolean; onClose: () => void; device?: TDevice }) {
  const { t } = useTranslation();
  const appName = useAppName();
  const toast = useToast();
  const { canPrompt } = useInstallState();
  const [busy, setBusy] = useState(false);
  const detected = device ?? detectDevice(navigator.userAgent, navigator.maxTouchPoints);

  const install = async () => {
    setBusy(true);
    try {
      const outcome = await promptInstall();
      if (outcome === 'accepted') {
        toast({ title: t('install.startedTitle'), description: t('install.startedDescription') });
        onClose();
      }
    } catch (error) {
      console.warn('Install prompt failed', error);
      toast({ title: t('install.errorTitle'), description: t('install.errorDescription'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const android = <Steps icon={<AndroidFilled />} title={t('install.android.title')} steps={[t('install.android.step1'), t('install.android.step2'), t('install.android.step3')]} />;
  const ios = <Steps icon={<AppleFilled />} title={t('install.ios.title')} steps={[t('install.ios.step1'), t('install.ios.step2'), t('install.ios.step3')]} />;
  const unknown = <Steps icon={<GlobalOutlined />} title={t('install.unknown.title')} steps={[t('install.unknown.step1'), t('install.unknown.step2')]} />;

  return (
    <Modal open={open} onCancel={onClose} title={t('install.dialogTitle', { name: appName })} footer={null} destroyOnHidden>
      {canPrompt && (
        <div className="install-prompt">
          <Typography.Paragraph>{t('install.promptReady')}</Typography.Paragraph>
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void install()} block>
            {t('install.installNow')}
          </Button>
        </div>
      )}
      {detected === 'android' && android}
      {detected === 'ios' && ios}
      {detected === 'unknown' && (
        <>
          {unknown}
          {android}
          {ios}
        </>
      )}
    </Modal>
  );
}
