import type { TAdminUsersStats } from '@platform/contracts';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';

/** Total, Verified, Active and Total Balance (spec 03 "All Users"), over all users (GET /api/admin/users/stats). */
export function UserStatCards({ stats }: { stats: TAdminUsersStats | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dash = t('common.dash');
  const number = (value: number | undefined) => (value === undefined ? dash : format.count(value));
  const balance = stats?.totalBalance == null ? dash : format.money(stats.totalBalance);
  const cards = [
    { key: 'total', label: t('admin.users.stats.total'), value: number(stats?.total) },
    { key: 'verified', label: t('admin.users.stats.verified'), value: number(stats?.verified) },
    { key: 'active', label: t('admin.users.stats.active'), value: number(stats?.active) },
    { key: 'totalBalance', label: t('admin.users.stats.totalBalance'), value: balance },
  ];
  return (
    <div className="admin-users-stats">
      {cards.map((card) => (
        <div key={card.key} className="admin-stat" data-testid={`stat-${card.key}`}>
          <div className="muted small">{card.label}</div>
          {card.key === 'totalBalance' && stats && stats.totalBalance === null ? (
            <Tooltip title={t('admin.users.stats.totalBalanceUnknown')}>
              <div className="admin-stat-value">{card.value}</div>
            </Tooltip>
          ) : (
            <div className="admin-stat-value">{card.value}</div>
          )}
        </div>
      ))}
    </div>
  );
}
