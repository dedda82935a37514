import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

export function ChatPage() {
  const { t } = useTranslation();
  return (
    <div className="page-stack">
      <ComingSoon title={t('nav.chat')} text={t('pages.chat.coming')} />
    </div>
  );
}
