import { MailOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 03 s.9 and issue 28: the built-in templates (services/admin default-templates.ts), in both languages. */
export const DEFAULT_TEMPLATE_NAMES = [
  'welcome',
  'password-reset',
  'withdrawal-requested',
  'withdrawal-approved',
  'withdrawal-rejected',
  'support-reply',
  'verification-decision',
  'account-deleted',
  'appeal-received',
  'appeal-decided',
] as const;

/** Shown only while no template is stored: one click creates the built-in ones (POST …/defaults). */
export function DefaultsEmptyState({ loading, onCreateDefaults }: { loading: boolean; onCreateDefaults: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="email-templates-empty" data-testid="email-templates-empty">
      <MailOutlined className="email-templates-empty-icon" />
      <h3>{t('emailTemplates.empty.title')}</h3>
      <p className="muted">{t('emailTemplates.empty.description', { names: DEFAULT_TEMPLATE_NAMES.join(', ') })}</p>
      <Button type="primary" icon={<ThunderboltOutlined />} loading={loading} onClick={onCreateDefaults}>
        {t('emailTemplates.empty.action')}
      </Button>
    </div>
  );
}
