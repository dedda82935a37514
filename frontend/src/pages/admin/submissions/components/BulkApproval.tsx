import type { TCreateReviewJobRequest } from '@platform/contracts';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../../app/errorMessage';
import { useFormat } from '../../../../app/format';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { useToast } from '../../../../components/toast';
import { useCreateReviewJobMutation, type TAdminSubmissionsArgs } from '../../../../features/tasks/tasks.admin.api';

type TBulkFilters = Omit<TAdminSubmissionsArgs, 'cursor' | 'sort'>;

/** The rows selected for a bulk approval, the confirmation asked, and the job started (issue 30 item 4). */
export function useBulkApproval(filters: TBulkFilters) {
  const toast = useToast();
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState<'selected' | 'matching' | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [createJob, createState] = useCreateReviewJobMutation();
  const clear = useCallback(() => setSelected([]), []);

  const start = async () => {
    if (!asking) return;
    const { user, taskId, from, to } = filters;
    // The list's filters as the list sends them: an empty one is not sent.
    const filter = Object.fromEntries(Object.entries({ user, taskId, from, to }).filter(([, value]) => value !== undefined && value !== ''));
    const body = (asking === 'selected' ? { ids: selected } : { filter }) as TCreateReviewJobRequest;
    try {
      const job = await createJob(body).unwrap();
      setJobId(job.id);
      setSelected([]);
      setAsking(null);
      toast({ title: t('work.admin.bulk.started'), action: 'submission.bulk' });
    } catch (error) {
      setAsking(null);
      toast({ title: t('work.admin.bulk.startFailed'), description: errorMessageOf(error) ?? t('work.admin.submissions.toasts.tryAgain'), variant: 'destructive', action: 'submission.bulk' });
    }
  };

  return {
    selected,
    select: setSelected,
    clear,
    asking,
    ask: setAsking,
    start,
    starting: createState.isLoading,
    jobId,
    dismiss: () => setJobId(null),
  };
}

export type TBulkApproval = ReturnType<typeof useBulkApproval>;

/** Above the queue: how many rows are selected, Approve selected, Approve all matching, and the confirmation. */
export function BulkApproveBar({ bulk, matching }: { bulk: TBulkApproval; matching: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const count = bulk.asking === 'selected' ? bulk.selected.length : matching;
  return (
    <div className="bulk-approve-bar" data-testid="bulk-approve-bar">
      <span className="muted" data-testid="bulk-selected">
        {t('work.admin.bulk.selected', { n: format.count(bulk.selected.length) })}
      </span>
      {bulk.selected.length > 0 && (
        <Button size="small" onClick={bulk.clear}>
          {t('work.admin.bulk.clearSelection')}
        </Button>
      )}
      <Button type="primary" disabled={bulk.selected.length === 0} onClick={() => bulk.ask('selected')} data-testid="bulk-approve-selected">
        {t('work.admin.bulk.approveSelected')}
      </Button>
      <Button disabled={matching === 0} onClick={() => bulk.ask('matching')} data-testid="bulk-approve-matching">
        {t('work.admin.bulk.approveAllMatching')}
      </Button>
      <ConfirmDialog
        open={bulk.asking !== null}
        title={t('work.admin.bulk.confirmTitle')}
        confirmLabel={t('work.admin.bulk.confirmOk')}
        loading={bulk.starting}
        onConfirm={() => void bulk.start()}
        onCancel={() => bulk.ask(null)}
        testId="bulk-approve-confirm"
      >
        <p className="confirm-dialog-lead">
          {bulk.asking === 'selected' ? t('work.admin.bulk.confirmSelected', { n: format.count(count) }) : t('work.admin.bulk.confirmAll', { n: format.count(count) })}
        </p>
        <p className="muted">{t('work.admin.bulk.confirmNotes')}</p>
      </ConfirmDialog>
    </div>
  );
}
