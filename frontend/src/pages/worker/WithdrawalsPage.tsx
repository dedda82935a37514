import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

export function WithdrawalsPage() {
  const { t } = useTranslation();
  return (
    <div className="page-stack">
      <ComingSoon title={t('nav.withdrawals')} text={t('pages.withdrawals.coming')} />
    </div>
  );
}
