import { ArrowLeftOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast';
import { useCreateDefaultEmailTemplatesMutation, useEmailTemplatesQuery, type TEmailTemplate } from '../../../features/email/emailTemplates.admin.api';
import { serverMessageOf } from '../../../app/errorMessage';
import { DefaultsEmptyState } from './components/DefaultsEmptyState';
import { EmailTemplateDialog } from './components/EmailTemplateDialog';
import { TemplatesTable } from './components/TemplatesTable';
import './email-templates.css';

/**
 * Admin > Email Templates (spec 03 s.2): back to /admin, the list, create and edit; while nothing is stored, one
 * click creates the three defaults.
 */
export function EmailTemplatesSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { data: templates, isLoading, isFetching, isError, refetch } = useEmailTemplatesQuery();
  const [createDefaults, defaultsState] = useCreateDefaultEmailTemplatesMutation();
  const [dialog, setDialog] = useState<{ open: boolean; template: TEmailTemplate | null }>({ open: false, template: null });

  const onCreateDefaults = async () => {
    try {
      await createDefaults().unwrap();
      toast({ title: t('emailTemplates.toasts.defaultsCreated') });
    } catch (error) {
      toast({ title: t('emailTemplates.toasts.defaultsFailed'), description: serverMessageOf(error), variant: 'destructive' });
    }
  };

  const empty = templates !== undefined && templates.length === 0;

  return (
    <div className="admin-section" data-testid="email-templates-section">
      <div className="admin-toolbar">
        <Button className="back-action" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
          {t('emailTemplates.back')}
        </Button>
        <Space>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('common.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, template: null })}>
            {t('emailTemplates.create')}
          </Button>
        </Space>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('emailTemplates.intro', { example: '{{userName}}' })}
      </p>
      {isError && <Alert type="error" showIcon title={t('emailTemplates.loadFailed')} />}
      {empty ? (
        <DefaultsEmptyState loading={defaultsState.isLoading} onCreateDefaults={() => void onCreateDefaults()} />
      ) : (
        !isError && <TemplatesTable templates={templates ?? []} loading={isLoading} onEdit={(template) => setDialog({ open: true, template })} />
      )}
      <EmailTemplateDialog open={dialog.open} template={dialog.template} onClose={() => setDialog({ open: false, template: null })} />
    </div>
  );
}
