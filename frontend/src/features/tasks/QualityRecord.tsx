import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { Panel } from '../../components/Panel';
import { useQualityRecordQuery } from './tasks.api';

/**
 * Profile > Your quality record (issue 29 item 5): the worker's own counts and reasons, from the server. The approval
 * rate leaves out rejections under appeal and overturned ones, as the server computes it.
 */
export function QualityRecord() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isError } = useQualityRecordQuery();
  const figures = data
    ? [
        { key: 'approved', value: format.count(data.approved) },
        { key: 'rejected', value: format.count(data.rejected) },
        { key: 'underAppeal', value: format.count(data.underAppeal) },
        { key: 'returned', value: format.count(data.returned) },
        { key: 'appealsWon', value: format.count(data.appealsWon) },
      ] as const
    : [];
  return (
    <Panel title={t('work.worker.quality.title')} testId="quality-record">
      {isError && <Alert type="warning" showIcon title={t('work.worker.toasts.tryAgain')} />}
      {data && (
        <>
          <p data-testid="quality-rate">
            <span className="muted">{t('work.worker.quality.approvalRate')}: </span>
            <strong>{data.approvalRate === null ? t('work.worker.quality.noRate') : format.percent(data.approvalRate)}</strong>
          </p>
          <dl className="info-list">
            {figures.map((f) => (
              <div key={f.key} data-testid={`quality-${f.key}`} style={{ display: 'contents' }}>
                <dt>{t(`work.worker.quality.${f.key}`)}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          <p className="muted small">{t('work.worker.quality.rateHint')}</p>
          <h4 className="task-details-heading">{t('work.worker.quality.reasons')}</h4>
          {data.reasons.length === 0 ? (
            <p className="muted small">{t('work.worker.quality.noReasons')}</p>
          ) : (
            <ul className="activity-list" data-testid="quality-reasons">
              {data.reasons.map((r) => (
                <li key={r.rejectionId} className="small">
                  <strong>{r.taskTitle}</strong> · {format.date(r.rejectedAt)}
                  {r.appealStatus && <> · {t(`work.worker.quality.appealStatus.${r.appealStatus}`)}</>}
                  <div>{r.reason}</div>
                  {r.criteria.length > 0 && <div className="muted">{r.criteria.map((c) => `${format.count(c.number)}. ${c.text}`).join('; ')}</div>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}
