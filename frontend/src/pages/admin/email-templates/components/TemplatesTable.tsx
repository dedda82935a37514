import { Button, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import type { TEmailTemplate } from '../../../../features/email/emailTemplates.admin.api';
import { DataTable } from '../../../../components/DataTable';
import { RowActions } from '../../../../components/list/RowActions';

interface TTemplatesTableProps {
  templates: TEmailTemplate[];
  loading: boolean;
  onEdit: (template: TEmailTemplate) => void;
}

/** The stored templates: name, subject, variables (as tags), last update; Edit opens the dialog. */
export function TemplatesTable({ templates, loading, onEdit }: TTemplatesTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
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
    { key: 'updated', title: t('emailTemplates.columns.updated'), width: 190, render: (_, template) => format.dateTime(template.updatedAt) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      render: (_, template) => <RowActions actions={[{ key: 'edit', label: t('common.edit'), onClick: () => onEdit(template) }]} />,
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
