import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

export function TasksPage() {
  const { t } = useTranslation();
  return (
    <div className="page-stack">
      <ComingSoon title={t('nav.tasks')} text={t('pages.tasks.coming')} />
    </div>
  );
}
