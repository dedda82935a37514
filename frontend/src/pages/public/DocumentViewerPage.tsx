import { Alert, Card, Spin, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { useParams } from 'react-router-dom';
import { useDocumentQuery } from '../../features/onboarding/onboarding.api';
import { useAppName } from '../../features/branding/useAppName';

/** /documents/{id}/view: the full document, its HTML sanitised again on the way in (a lazily loaded chunk). */
export default function DocumentViewerPage() {
  const { t } = useTranslation();
  const appName = useAppName();
  const format = useFormat();
  const { id = '' } = useParams();
  const { data, isLoading, error } = useDocumentQuery(id, { skip: id === '' });
  const html = useMemo(() => (data ? DOMPurify.sanitize(data.content, { USE_PROFILES: { html: true } }) : ''), [data]);
  const notFound = typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

  return (
    <div className="document-page">
      <header className="worker-header">
        <img src="/icons/icon-192.png" alt="" width={28} height={28} />
        <span>{appName}</span>
      </header>
      <main className="document-main">
        {isLoading && (
          <div className="center-block" role="status">
            <Spin />
            <p className="muted">{t('common.loading')}</p>
          </div>
        )}
        {error && <Alert type="error" showIcon title={notFound ? t('documentViewer.notFound') : t('documentViewer.loadFailed')} />}
        {data && (
          <Card>
            <Typography.Title level={2} style={{ marginTop: 0 }}>
              {data.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('documentViewer.version', { version: data.version, date: format.date(data.updatedAt) })}
            </Typography.Paragraph>
            <div className="document-content" dangerouslySetInnerHTML={{ __html: html }} />
          </Card>
        )}
      </main>
    </div>
  );
}
