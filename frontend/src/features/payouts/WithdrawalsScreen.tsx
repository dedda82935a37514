import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppTabs } from '../../components/AppTabs';
import { BalanceCard } from './BalanceCard';
import { StatementTable } from './StatementTable';
import { WithdrawalHistory } from './WithdrawalHistory';
import { WithdrawDialog } from './WithdrawDialog';
import './payouts.css';

/** /withdrawals (spec 02): back to the dashboard, the balance, New Withdrawal, and the History and Statement tabs. */
export default function WithdrawalsScreen() {
  const { t } = useTranslation();
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <div className="page-stack">
      <Link to="/" className="payouts-back back-action">
        <ArrowLeftOutlined /> {t('payouts.page.back')}
      </Link>
      <div className="payouts-title-row">
        <h1 className="page-title">{t('payouts.page.title')}</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialogOpen(true)}>
          {t('payouts.page.newWithdrawal')}
        </Button>
      </div>
      <BalanceCard />
      <AppTabs
        className="payouts-tabs"
        items={[
          { key: 'history', label: t('payouts.page.tabs.history'), children: <WithdrawalHistory /> },
          { key: 'statement', label: t('payouts.page.tabs.statement'), children: <StatementTable /> },
        ]}
      />
      <WithdrawDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </div>
  );
}
