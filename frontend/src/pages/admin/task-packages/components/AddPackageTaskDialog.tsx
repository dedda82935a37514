import { Button, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../../app/errorMessage';
import { useToast } from '../../../../components/toast';
import { formatReward } from '../../../../features/tasks/taskStatus';
import { useAddPackageTaskMutation, usePackageAvailableTasksQuery } from '../../../../features/tasks/tasks.admin.api';

interface TAddPackageTaskDialogProps {
  open: boolean;
  packageId: string;
  onClose: () => void;
}

/** Adds a task to a package; only tasks not yet in it are offered ('Please select a task'). */
export function AddPackageTaskDialog({ open, packageId, onClose }: TAddPackageTaskDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: available = [], isFetching } = usePackageAvailableTasksQuery(packageId, { skip: !open });
  const [addTask, addState] = useAddPackageTaskMutation();
  const [taskId, setTaskId] = useState<string | undefined>(undefined);
  const [missing, setMissing] = useState(false);

  const close = () => {
    setTaskId(undefined);
    setMissing(false);
    onClose();
  };

  const add = async () => {
    if (!taskId) {
      setMissing(true);
      return;
    }
    try {
      await addTask({ id: packageId, taskId }).unwrap();
      toast({ title: t('work.admin.packages.toasts.taskAdded') });
      close();
    } catch (error) {
      toast({ title: t('work.admin.packages.toasts.addFailed'), description: errorMessageOf(error), variant: 'destructive' });
    }
  };

  return (
    <Modal
      open={open}
      title={t('work.admin.packages.addTaskTitle')}
      onCancel={close}
      footer={
        <div className="dialog-footer">
          <Button onClick={close}>{t('work.common.cancel')}</Button>
          <Button type="primary" loading={addState.isLoading} onClick={() => void add()}>
            {t('work.admin.packages.add')}
          </Button>
        </div>
      }
    >
      <label className="submit-form-label" htmlFor="package-task-select">
        {t('work.admin.packages.taskLabel')}
      </label>
      <Select
        id="package-task-select"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%' }}
        placeholder={t('work.admin.packages.taskPlaceholder')}
        loading={isFetching}
        value={taskId}
        status={missing ? 'error' : undefined}
        onChange={(value: string) => {
          setTaskId(value);
          setMissing(false);
        }}
        notFoundContent={t('work.admin.packages.noAvailableTasks')}
        options={available.map((task) => ({ value: task.id, label: `${task.title} · ${formatReward(task.reward)}` }))}
      />
      {missing && (
        <div className="field-error" role="alert">
          {t('work.admin.packages.selectTask')}
        </div>
      )}
    </Modal>
  );
}
