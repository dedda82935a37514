import type { TWorkerTask } from '@platform/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { HandBackButton } from './HandBackButton';
import { canHandBack, canResubmit, canSubmit, canTake } from './taskStatus';

interface TTaskActionsProps {
  task: TWorkerTask;
  taking: boolean;
  onTake: (task: TWorkerTask) => void;
  onSubmit: (task: TWorkerTask) => void;
  /** The card says 'Revise & Resubmit', the details dialog 'Resubmit'. */
  resubmitLabel: string;
}

/** What the worker can do next with a task (Take, Submit, Resubmit, Hand back), by the rules in taskStatus. */
export function TaskActions({ task, taking, onTake, onSubmit, resubmitLabel }: TTaskActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {canTake(task) && (
        <Button type="primary" loading={taking} onClick={() => onTake(task)}>
          {t('work.worker.actions.take')}
        </Button>
      )}
      {canSubmit(task) && (
        <Button type="primary" onClick={() => onSubmit(task)}>
          {t('work.worker.actions.submit')}
        </Button>
      )}
      {/* Revising is the next step of the work, not a danger: the card's status and reason say what went wrong. */}
      {canResubmit(task) && (
        <Button type="primary" onClick={() => onSubmit(task)}>
          {resubmitLabel}
        </Button>
      )}
      {canHandBack(task) && <HandBackButton task={task} />}
    </>
  );
}
