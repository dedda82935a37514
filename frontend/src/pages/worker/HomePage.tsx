import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../app/antdLayer';
import { useAppSelector } from '../../app/hooks';
import { NewsList } from '../../features/content/NewsList';
import { BalanceCard } from '../../features/payouts/BalanceCard';
import { PendingSummary } from '../../features/payouts/PendingSummary';
import { VerificationStatusPill } from '../../features/verification/VerificationStatusPill';

// The dialog (antd Modal and its form) is loaded when it is first opened, with antd's layer (AntdScope): Home itself
// is plain elements and paints before antd is loaded (issue 27).
const WithdrawDialog = lazy(() => import('../../features/payouts/WithdrawDialog'));

/** Home (spec 02): the greeting with the verification status, the balance card, the pending-withdrawal summary, Withdraw, and the Company News list. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  // Mounted on the first opening, then kept (so it can animate closed).
  const [withdrawing, setWithdrawing] = useState<boolean | null>(null);
  return (
    <div className="page-stack">
      <div className="home-head">
        <h1 className="page-title">{t('pages.home.greeting', { name: user?.firstName ?? '' })}</h1>
        {user?.role === 'employee' && <VerificationStatusPill />}
      </div>
      <BalanceCard onWithdraw={() => setWithdrawing(true)} />
      <PendingSummary />

      <NewsList />

      {withdrawing !== null && (
        <AntdScope fallback={null}>
          <Suspense fallback={null}>
            <WithdrawDialog open={withdrawing} onClose={() => setWithdrawing(false)} />
          </Suspense>
        </AntdScope>
      )}
    </div>
  );
}
