import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/FullPageSpinner';

// The screen is its own chunk (antd Tabs, Modal and the statement stay out of the first download). This frame is
// plain (a CSS spinner): the router loads antd's layer around it, inside the worker frame (issue 27).
const WithdrawalsScreen = lazy(() => import('../../features/payouts/WithdrawalsScreen'));

export function WithdrawalsPage() {
  return (
    <Suspense
      fallback={
        <div className="center-block">
          <Spinner />
        </div>
      }
    >
      <WithdrawalsScreen />
    </Suspense>
  );
}
