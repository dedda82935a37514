import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/FullPageSpinner';

// The Tasks screen is its own chunk (antd Tabs, Modal, Progress and the upload code stay out of the first download).
// This frame is plain (a CSS spinner): the router loads antd's layer around it, inside the worker frame (issue 27).
const WorkerTasksScreen = lazy(() => import('../../features/tasks/WorkerTasksScreen'));

export function TasksPage() {
  return (
    <Suspense
      fallback={
        <div className="center-block">
          <Spinner />
        </div>
      }
    >
      <WorkerTasksScreen />
    </Suspense>
  );
}
