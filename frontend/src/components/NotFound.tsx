import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="full-page-center">
      {/* Spec 01: the text '404 Page Not Found', said once. */}
      <h1 className="status-message-title not-found-title">{t('common.notFound')}</h1>
      <p className="muted">{t('common.notFoundHint')}</p>
      <Link to="/">
        <Button type="primary">{t('common.backHome')}</Button>
      </Link>
    </div>
  );
}
