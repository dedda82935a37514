import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="full-page-center" role="status" aria-live="polite">
      <Spin size="large" />
      <p className="muted">{t('common.loading')}</p>
    </div>
  );
}
