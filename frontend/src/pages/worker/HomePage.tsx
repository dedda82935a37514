import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { ComingSoon } from '../../components/ComingSoon';
import { Panel } from '../../components/Panel';

export function HomePage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  return (
    <div className="page-stack">
      <h1 className="page-title">{t('pages.home.greeting', { name: user?.firstName ?? '' })}</h1>
      <Panel>
        <div className="balance-row">
          <div>
            <div className="stat-label">{t('pages.home.balance')}</div>
            <div className="stat-value" data-testid="balance">
              ${user?.balance ?? '0.00'} <span className="currency-badge">USD</span>
            </div>
          </div>
          <div>
            <div className="stat-label">{t('pages.home.held')}</div>
            <div className="stat-value muted">${user?.heldBalance ?? '0.00'}</div>
          </div>
        </div>
      </Panel>
      <ComingSoon title={t('nav.home')} text={t('pages.home.coming')} />
    </div>
  );
}
