import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

// The Tasks screen is its own chunk (antd Tabs, Modal, Progress and the upload code stay out of the first download).
const WorkerTasksScreen = lazy(() => import('../../features/tasks/WorkerTasksScreen'));

export function TasksPage() {
  return (
    <Suspense
      fallback={
        <div className="center-block">
          <Spin />
        </div>
      }
    >
      <WorkerTasksScreen />
    </Suspense>
  );
}
