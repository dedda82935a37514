import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

export function AwardsPage() {
  const { t } = useTranslation();
  return (
    <div className="page-stack">
      <ComingSoon title={t('nav.awards')} text={t('pages.awards.coming')} />
    </div>
  );
}
