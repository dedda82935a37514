import type { TControlAccuracy } from '@platform/contracts';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { useWorkerQualityQuery } from './tasks.admin.api';

/** "2 of 3 matched (66.7%)", or that there is none yet. */
export function ControlAccuracyText({ control }: { control: TControlAccuracy }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (control.checked === 0 || control.accuracy === null) return <span className="muted">{t('work.admin.control.accuracyNone')}</span>;
  return (
    <strong>
      {t('work.admin.control.accuracyValue', { matched: format.count(control.matched), checked: format.count(control.checked), percent: format.percent(control.accuracy) })}
    </strong>
  );
}

/**
 * A worker's control accuracy (issue 30 item 5), admin console only (the review and the user's detail): their first
 * answers to control tasks, checked and matched, from GET /api/admin/users/{id}/work-quality.
 */
export function WorkerControlAccuracy({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useWorkerQualityQuery(userId);
  return (
    <div className="small" data-testid="worker-control-accuracy" title={t('work.admin.control.accuracyHint')}>
      <span className="muted">{t('work.admin.control.accuracy')}: </span>
      {isLoading && <Spin size="small" />}
      {isError && <Alert type="warning" showIcon title={t('work.admin.control.accuracyFailed')} />}
      {data && <ControlAccuracyText control={data.control} />}
    </div>
  );
}
