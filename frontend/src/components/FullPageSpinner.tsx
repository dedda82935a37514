import { useTranslation } from 'react-i18next';

/** A spinner of plain CSS (styles.css): it shows while antd's chunk is still loading. */
export function Spinner({ size = 'default' }: { size?: 'default' | 'large' }) {
  return <span className={`spinner${size === 'large' ? ' spinner-large' : ''}`} aria-hidden="true" />;
}

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="full-page-center" role="status" aria-live="polite">
      <Spinner size="large" />
      <p className="muted">{t('common.loading')}</p>
    </div>
  );
}
