import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { ControlAccuracyText } from '../../../../features/tasks/WorkerControlAccuracy';
import { useWorkerQualityQuery } from '../../../../features/tasks/tasks.admin.api';

/**
 * The user's work quality in their detail (issue 30 item 5): the record the worker sees on their profile (decisions,
 * approval rate) and, for admins only, their control accuracy.
 */
export function WorkerQualitySection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isLoading, isError } = useWorkerQualityQuery(userId);
  return (
    <section className="admin-user-statement" data-testid="worker-quality">
      <h3 className="admin-section-title">{t('work.admin.control.qualityTitle')}</h3>
      {isLoading && <Spin size="small" />}
      {isError && <Alert type="warning" showIcon title={t('work.admin.control.accuracyFailed')} />}
      {data && (
        <dl className="info-list">
          <dt>{t('work.admin.control.accuracy')}</dt>
          <dd data-testid="worker-quality-control" title={t('work.admin.control.accuracyHint')}>
            <ControlAccuracyText control={data.control} />
          </dd>
          <dt>{t('work.worker.quality.approvalRate')}</dt>
          <dd data-testid="worker-quality-rate">{data.approvalRate === null ? t('work.worker.quality.noRate') : format.percent(data.approvalRate)}</dd>
          <dt>{t('work.worker.quality.approved')}</dt>
          <dd>{format.count(data.approved)}</dd>
          <dt>{t('work.worker.quality.rejected')}</dt>
          <dd>{format.count(data.rejected)}</dd>
          <dt>{t('work.worker.quality.underAppeal')}</dt>
          <dd>{format.count(data.underAppeal)}</dd>
          <dt>{t('work.worker.quality.appealsWon')}</dt>
          <dd>{format.count(data.appealsWon)}</dd>
          <dt>{t('work.worker.quality.returned')}</dt>
          <dd>{format.count(data.returned)}</dd>
        </dl>
      )}
    </section>
  );
}
