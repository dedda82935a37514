import type { TAdminSubmission, TControlCheck } from '@platform/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { WorkerControlAccuracy } from '../../../../features/tasks/WorkerControlAccuracy';

/**
 * Beside a submission under review (issue 30 item 5): for a control task, the check made when it was submitted (the
 * expected answer and whether the text matched it); for every submission, the worker's control accuracy. The check
 * decides nothing: the reviewer approves or rejects as for any task.
 */
export function ControlCheckPanel({ submission }: { submission: TAdminSubmission }) {
  return (
    <div className="control-check-panel" data-testid="control-check-panel" style={{ display: 'grid', gap: 8 }}>
      {submission.controlCheck && <ControlCheckAlert check={submission.controlCheck} />}
      <WorkerControlAccuracy userId={submission.userId} />
    </div>
  );
}

/** A control task's check: matched or not, the expected answer and how it was compared (the detail dialog and the cockpit). */
export function ControlCheckAlert({ check }: { check: TControlCheck }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Alert
      type={check.matched ? 'success' : 'warning'}
      showIcon
      data-testid="control-check"
      title={t(check.matched ? 'work.admin.control.checkMatched' : 'work.admin.control.checkMismatched')}
      description={
        <>
          <div className="pre-wrap" data-testid="control-check-expected">
            {t('work.admin.control.checkExpected', { match: t(`work.admin.control.matchName.${check.match}`), answer: check.expectedAnswer })}
          </div>
          <div className="muted small">
            {t('work.admin.control.checkedAt', { date: format.dateTime(check.checkedAt) })}
            {!check.counted && <> · {t('work.admin.control.checkRepeated')}</>}
          </div>
          <div className="muted small">{t('work.admin.control.checkHint')}</div>
        </>
      }
    />
  );
}
