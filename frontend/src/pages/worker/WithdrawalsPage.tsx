import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

// The screen is its own chunk (antd Tabs, Modal and the statement stay out of the first download).
const WithdrawalsScreen = lazy(() => import('../../features/payouts/WithdrawalsScreen'));

export function WithdrawalsPage() {
  return (
    <Suspense
      fallback={
        <div className="center-block">
          <Spin />
        </div>
      }
    >
      <WithdrawalsScreen />
    </Suspense>
  );
}
