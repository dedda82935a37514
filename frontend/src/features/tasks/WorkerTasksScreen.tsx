import type { TWorkerTask, TWorkerTaskSort } from '@platform/contracts';
import { InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '../../app/errorMessage';
import { AppTabs } from '../../components/AppTabs';
import { useToast } from '../../components/toast';
import { OlderCompletedTasks } from './OlderCompletedTasks';
import { SubmitTaskDialog } from './SubmitTaskDialog';
import { TaskCard } from './TaskCard';
import { TaskDetailsDialog } from './TaskDetailsDialog';
import { tasksInTab, WORKER_TABS, type TWorkerTab } from './taskStatus';
import { useTakeTaskMutation, useWorkerTasksQuery } from './tasks.api';
import './tasks.css';

const NO_TASKS: TWorkerTask[] = [];

/** The worker's /tasks screen (spec 02 s.2): counters, four tabs, cards, details and submit dialogs. */
export default function WorkerTasksScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const [sort, setSort] = useState<TWorkerTaskSort | 'board'>('board');
  const { data, isLoading, isError, isFetching, refetch } = useWorkerTasksQuery(sort === 'board' ? undefined : sort);
  const tasks = data?.tasks ?? NO_TASKS;
  const [takeTask] = useTakeTaskMutation();
  const [tab, setTab] = useState<TWorkerTab>('available');
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [submitId, setSubmitId] = useState<string | null>(null);
  const [takingId, setTakingId] = useState<string | null>(null);

  const byTab = useMemo(() => Object.fromEntries(WORKER_TABS.map((key) => [key, tasksInTab(tasks, key)])) as Record<TWorkerTab, TWorkerTask[]>, [tasks]);
  // How many the worker completed in all (the list holds the latest only; the header counts them all).
  const completedTotal = data?.completedTotal ?? byTab.done.length;
  const doneIds = useMemo(() => new Set(byTab.done.flatMap((task) => (task.userAssignment ? [task.userAssignment.id] : []))), [byTab.done]);
  const detailsTask = tasks.find((task) => task.id === detailsId) ?? null;
  const submitTask = tasks.find((task) => task.id === submitId) ?? null;

  const take = async (task: TWorkerTask) => {
    setTakingId(task.id);
    try {
      const result = await takeTask(task.id).unwrap();
      if (result.status === 'pending') toast({ title: t('work.worker.toasts.requested'), description: t('work.worker.toasts.requestedDescription') });
      else toast({ title: t('work.worker.toasts.taken') });
    } catch (error) {
      toast({ title: t('work.worker.toasts.takeFailed'), description: errorMessageOf(error) ?? t('work.worker.toasts.tryAgain'), variant: 'destructive' });
    } finally {
      setTakingId(null);
    }
  };

  const openSubmit = (task: TWorkerTask) => {
    setDetailsId(null);
    setSubmitId(task.id);
  };

  const counters: { key: string; label: string; value: number }[] = [
    { key: 'available', label: t('work.worker.counters.available'), value: byTab.available.length },
    { key: 'mine', label: t('work.worker.counters.mine'), value: byTab.mine.length },
    { key: 'completed', label: t('work.worker.counters.completed'), value: completedTotal },
  ];

  const list = (key: TWorkerTab) =>
    byTab[key].length === 0 ? (
      <div className="tasks-empty" data-testid={`empty-${key}`}>
        <InboxOutlined className="tasks-empty-icon" />
        <div className="tasks-empty-title">{t(`work.worker.empty.${key}`)}</div>
        <div className="muted small">{t(`work.worker.empty.${key}Hint`)}</div>
      </div>
    ) : (
      <div className="task-list" data-testid={`tab-${key}`}>
        {key === 'done' && completedTotal > byTab.done.length && (
          <div className="muted small" data-testid="done-shown-note">
            {t('work.worker.doneShown', { shown: byTab.done.length, total: completedTotal })} <Link to="/withdrawals">{t('work.worker.doneShownLink')}</Link>
          </div>
        )}
        {byTab[key].map((task) => (
          <TaskCard key={task.id} task={task} taking={takingId === task.id} onView={(item) => setDetailsId(item.id)} onTake={(item) => void take(item)} onSubmit={openSubmit} />
        ))}
        {key === 'done' && completedTotal > byTab.done.length && <OlderCompletedTasks shownIds={doneIds} />}
      </div>
    );

  return (
    <div className="page-stack tasks-page">
      <div className="tasks-title-row">
        <h1 className="page-title">{t('work.worker.title')}</h1>
        <Button type="text" icon={<ReloadOutlined spin={isFetching && !isLoading} />} onClick={() => void refetch()} aria-label={t('common.refresh')} />
      </div>
      <div className="task-counters" data-testid="task-counters">
        {counters.map((counter) => (
          <div key={counter.key} className="task-counter" data-testid={`counter-${counter.key}`}>
            <div className="task-counter-value">{counter.value}</div>
            <div className="task-counter-label">{counter.label}</div>
          </div>
        ))}
      </div>
      <label className="tasks-sort small">
        <span className="muted">{t('work.worker.sort.label')}</span>
        <Select
          id="tasks-sort"
          aria-label={t('work.worker.sort.label')}
          data-testid="tasks-sort"
          value={sort}
          onChange={(value) => setSort(value)}
          options={[
            { value: 'board', label: t('work.worker.sort.board') },
            { value: 'hourlyRate.desc', label: t('work.worker.sort.rateDesc') },
            { value: 'hourlyRate.asc', label: t('work.worker.sort.rateAsc') },
          ]}
        />
      </label>
      {isError && <Alert type="error" showIcon title={t('work.common.loadFailed')} action={<Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>} />}
      {isLoading ? (
        <div className="center-block">
          <Spin />
        </div>
      ) : (
        <AppTabs
          className="tasks-tabs"
          activeKey={tab}
          onChange={(key) => setTab(key as TWorkerTab)}
          items={WORKER_TABS.map((key) => ({
            key,
            label: (
              <span className="tab-label-row" title={t(`work.worker.tabs.${key}`)}>
                <span className="tab-label">{t(`work.worker.tabs.${key}`)}</span>{' '}
                <span className="tab-count">{key === 'done' ? completedTotal : byTab[key].length}</span>
              </span>
            ),
            children: list(key),
          }))}
        />
      )}
      <TaskDetailsDialog task={detailsTask} taking={takingId === detailsId} onClose={() => setDetailsId(null)} onTake={(task) => void take(task)} onSubmit={openSubmit} />
      <SubmitTaskDialog task={submitTask} onClose={() => setSubmitId(null)} />
    </div>
  );
}
