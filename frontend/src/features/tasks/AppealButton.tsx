import type { TWorkerTask } from '@platform/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/errorMessage';
import { useFormat } from '../../app/format';
import { useToast } from '../../components/toast';
import { ReasonDialog } from './ReasonDialog';
import { useAppealTaskMutation } from './tasks.api';

/**
 * Appeal a rejection (issue 29, principle 7): offered while the server says the rejection may be appealed
 * (appealableUntil); the statement is required. An admin other than the one who rejected decides; the card then
 * shows "Under appeal" from the server's answer.
 */
export function AppealButton({ task }: { task: TWorkerTask }) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [appealTask, { isLoading }] = useAppealTaskMutation();
  if (!task.appealableUntil) return null;

  const send = async (statement: string) => {
    try {
      await appealTask({ id: task.id, statement }).unwrap();
      setOpen(false);
      toast({ title: t('work.worker.toasts.appealed'), description: t('work.worker.toasts.appealedDescription'), action: `task.appeal:${task.id}` });
    } catch (error) {
      toast({ title: t('work.worker.toasts.appealFailed'), description: errorMessageOf(error) ?? t('work.worker.toasts.tryAgain'), variant: 'destructive', action: `task.appeal:${task.id}` });
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="appeal-button">
        {t('work.worker.actions.appeal')}
      </Button>
      <ReasonDialog
        open={open}
        title={t('work.worker.appeal.title')}
        text={t('work.worker.appeal.text', { date: format.date(task.appealableUntil) })}
        label={t('work.worker.appeal.label')}
        requiredMessage={t('work.worker.appeal.required')}
        confirmLabel={t('work.worker.appeal.confirm')}
        loading={isLoading}
        onCancel={() => setOpen(false)}
        onConfirm={(statement) => void send(statement)}
      />
    </>
  );
}

/** What the worker sees of a rejection: the criteria it named, and the appeal's state (Under appeal, or its decision). */
export function RejectionDetails({ task }: { task: TWorkerTask }) {
  const { t } = useTranslation();
  const criteria = task.rejectedCriteria.map((n) => ({ n, text: task.acceptanceCriteria[n - 1] ?? '' }));
  return (
    <>
      {criteria.length > 0 && (
        <div className="small" data-testid="rejected-criteria">
          <span className="muted">{t('work.worker.criteriaNotMet')}</span>
          <ol className="task-criteria">
            {criteria.map((c) => (
              <li key={c.n} value={c.n}>
                {c.text}
              </li>
            ))}
          </ol>
        </div>
      )}
      {task.appeal?.status === 'pending' && (
        <p className="small task-card-hint" data-testid="under-appeal">
          <strong>{t('work.worker.underAppeal')}</strong> {t('work.worker.underAppealHint')}
        </p>
      )}
      {task.appeal?.status === 'upheld' && (
        <p className="small task-card-hint" data-testid="appeal-upheld">
          <strong>{t('work.worker.appealUpheld')}</strong> {task.appeal.decisionReason}
        </p>
      )}
      {task.appeal?.status === 'overturned' && (
        <p className="small task-card-hint" data-testid="appeal-overturned">
          <strong>{t('work.worker.appealOverturned')}</strong>
        </p>
      )}
    </>
  );
}
