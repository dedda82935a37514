import type { TReferralStats } from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';

/** The stat cards of Referral Management (spec 03 "Referral stats"). */
export function ReferralStatCards({ stats }: { stats: TReferralStats | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const keys = ['totalLinks', 'totalClicks', 'clicksLast30Days', 'totalRegistrations', 'registrationsLast30Days'] as const;
  return (
    <div className="referral-stats">
      {keys.map((key) => (
        <div key={key} className="admin-stat" data-testid={`referral-stat-${key}`}>
          <div className="muted small">{t(`referrals.admin.stats.${key}`)}</div>
          <div className="admin-stat-value">{stats ? format.count(stats[key]) : t('common.dash')}</div>
        </div>
      ))}
    </div>
  );
}
