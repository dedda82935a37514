import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { useAppDispatch } from '../../app/hooks';
import './verification.css';
import { errorMessageOf, serverMessageOf } from '../../app/errorMessage';
import { Panel } from '../../components/Panel';
import { useToast } from '../../components/toast';
import { useSessionToken } from '../tasks/useSessionToken';
import { useCreateExportMutation, useLatestExportQuery, VERIFICATION_TAGS, verificationApi } from './verification.api';
import { fetchProtectedBlob, saveBlob, VerificationCallError } from './verificationFiles';

/**
 * Profile > 'Download my data' (spec 02 AMENDED; GDPR art. 15 and 20): the server assembles one JSON file from every
 * service within seconds and keeps it 24 hours; the app downloads it at once and offers it again until it expires.
 */
export function DownloadMyData() {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const token = useSessionToken();
  const dispatch = useAppDispatch();
  const latest = useLatestExportQuery();
  const [create, { isLoading }] = useCreateExportMutation();
  const [downloading, setDownloading] = useState(false);
  const ticket = latest.data?.export ?? null;

  const download = async (id: string) => {
    setDownloading(true);
    try {
      const blob = await fetchProtectedBlob(`/user/export/${encodeURIComponent(id)}`, token());
      saveBlob(blob, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (error) {
      const message = error instanceof VerificationCallError ? serverMessageOf(error) : errorMessageOf(error);
      toast({ title: t('verification.export.failed'), description: message, variant: 'destructive' });
      // The offer may be gone (expired): read it again.
      dispatch(verificationApi.util.invalidateTags([VERIFICATION_TAGS.userExport]));
    } finally {
      setDownloading(false);
    }
  };

  const prepare = async () => {
    try {
      // The mutation refreshes the offer shown below (its tag).
      const created = await create().unwrap();
      await download(created.id);
    } catch (error) {
      toast({ title: t('verification.export.failed'), description: errorMessageOf(error), variant: 'destructive' });
    }
  };

  return (
    <Panel title={t('verification.export.title')} testId="download-my-data">
      <p className="muted" style={{ marginTop: 0 }}>
        {t('verification.export.intro')}
      </p>
      <Button size="large" block icon={<DownloadOutlined />} loading={isLoading} onClick={() => void prepare()} data-testid="export-create">
        {isLoading ? t('verification.export.preparing') : t('verification.export.button')}
      </Button>
      {ticket && (
        <div style={{ marginTop: 12 }} data-testid="export-ready">
          <p className="muted small" style={{ margin: '0 0 8px' }}>
            {t('verification.export.ready', { date: format.dateTime(ticket.expiresAt) })}
          </p>
          {ticket.missing.length > 0 && (
            <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('verification.export.incomplete', { services: ticket.missing.join(', ') })} />
          )}
          <Button block type="link" loading={downloading} onClick={() => void download(ticket.id)} data-testid="export-download">
            {t('verification.export.again')}
          </Button>
        </div>
      )}
    </Panel>
  );
}
