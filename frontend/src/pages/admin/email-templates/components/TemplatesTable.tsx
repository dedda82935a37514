import { EditOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEmailTemplate } from '../../../../features/admin/emailTemplates.api';
import { formatDateTime } from '../../../../features/payouts/dates';
import { DataTable } from '../../../../components/DataTable';

interface TTemplatesTableProps {
  templates: TEmailTemplate[];
  loading: boolean;
  onEdit: (template: TEmailTemplate) => void;
}

/** The stored templates: name, subject, variables (as tags), last update; Edit opens the dialog. */
export function TemplatesTable({ templates, loading, onEdit }: TTemplatesTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<TEmailTemplate> = [
    {
      key: 'name',
      title: t('emailTemplates.columns.name'),
      width: 220,
      render: (_, template) => (
        <Button type="link" className="admin-link-cell" onClick={() => onEdit(template)}>
          <code>{template.name}</code>
        </Button>
      ),
    },
    { key: 'subject', title: t('emailTemplates.columns.subject'), dataIndex: 'subject', ellipsis: true },
    {
      key: 'variables',
      title: t('emailTemplates.columns.variables'),
      width: 300,
      render: (_, template) =>
        template.variables.length === 0 ? (
          <span className="muted">{t('emailTemplates.noVariables')}</span>
        ) : (
          <div className="email-template-vars">
            {template.variables.map((name) => (
              <Tag key={name}>{name}</Tag>
            ))}
          </div>
        ),
    },
    { key: 'updated', title: t('emailTemplates.columns.updated'), width: 190, render: (_, template) => formatDateTime(template.updatedAt, i18n.language) },
    {
      key: 'actions',
      title: t('emailTemplates.columns.actions'),
      width: 90,
      render: (_, template) => (
        <Tooltip title={t('emailTemplates.edit')}>
          <Button type="text" icon={<EditOutlined />} aria-label={t('emailTemplates.editNamed', { name: template.name })} onClick={() => onEdit(template)} />
        </Tooltip>
      ),
    },
  ];
  return (
    <DataTable<TEmailTemplate>
      label={t('admin.menu.email-templates')}
      rowKey="id"
      columns={columns}
      dataSource={templates}
      loading={loading}
      pagination={false}
      size="middle"
      scroll={{ x: 900 }}
    />
  );
}
