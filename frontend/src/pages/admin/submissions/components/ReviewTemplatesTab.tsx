import type { TCreateReviewTemplateRequest, TReviewTemplate } from '@platform/contracts';
import { MAX_ACCEPTANCE_CRITERIA, MAX_REVIEW_TEMPLATE_BODY_LENGTH, MAX_REVIEW_TEMPLATE_TITLE_LENGTH } from '@platform/contracts/constants';
import { REVIEW_TEMPLATE_VARIABLES, renderReviewTemplate } from '@platform/contracts/review-template-text';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { DataTable } from '../../../../components/DataTable';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import { useDeleteConfirm } from '../../../../components/dialogs/useDeleteConfirm';
import { RowActions } from '../../../../components/list/RowActions';
import {
  useCreateReviewTemplateMutation,
  useDeleteReviewTemplateMutation,
  useReviewTemplatesQuery,
  useUpdateReviewTemplateMutation,
} from '../../../../features/tasks/tasks.admin.api';
import { TEMPLATE_KEYS } from './RejectSubmissionDialog';

interface TTemplateFormValues {
  title?: string;
  body?: string;
  criterion?: number | null;
  sortOrder?: number | null;
}

/** The templates table's least width: the fixed columns (678 px) and at least 260 px of text. */
const TEMPLATES_TABLE_WIDTH = 940;

/** The body of the create or change call from the form's values. */
export function toTemplateInput(values: TTemplateFormValues): TCreateReviewTemplateRequest {
  return {
    title: (values.title ?? '').trim(),
    body: (values.body ?? '').trim(),
    criterion: values.criterion ?? null,
    sortOrder: values.sortOrder ?? 0,
  };
}

/**
 * Admin > Task Submissions > Reason templates (issue 30 item 2): the short rejection texts the reject dialog and the
 * cockpit offer (the first nine by the keys 1-9), each with the criterion it cites, its order and its uses (counted by
 * the server). Create, edit and delete; each change is in the audit log. The variables are checked by the server
 * (an unknown one is refused naming it); the preview shows the text as a worker named Ada would read it.
 */
export function ReviewTemplatesTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useReviewTemplatesQuery();
  const items = query.data?.items ?? [];
  const max = query.data?.max ?? 50;
  const [deleteTemplate] = useDeleteReviewTemplateMutation();
  const [dialog, setDialog] = useState<{ open: boolean; template: TReviewTemplate | null }>({ open: false, template: null });
  const deleting = useDeleteConfirm<TReviewTemplate>({
    title: t('work.admin.submissions.templates.deleteTitle'),
    describe: (template) => t('work.admin.submissions.templates.deleteText', { title: template.title }),
    remove: (template) => deleteTemplate(template.id).unwrap(),
    deletedTitle: t('work.admin.submissions.templates.toasts.deleted'),
    failedTitle: t('work.admin.submissions.templates.toasts.deleteFailed'),
    toastKey: (template) => `review-template.delete:${template.id}`,
  });

  const columns: ColumnsType<TReviewTemplate> = [
    {
      key: 'key',
      title: t('work.admin.submissions.templates.columns.key'),
      width: 88,
      render: (_: unknown, _row, index) => (index < TEMPLATE_KEYS ? <kbd className="key-cap">{index + 1}</kbd> : null),
    },
    { key: 'title', title: t('work.admin.submissions.templates.columns.title'), dataIndex: 'title', width: 190, render: (title: string) => <span className="review-template-body">{title}</span> },
    // The text takes what the other columns leave (they have widths; the table's layout is fixed).
    { key: 'body', title: t('work.admin.submissions.templates.columns.body'), dataIndex: 'body', render: (body: string) => <span className="review-template-body">{body}</span> },
    {
      key: 'criterion',
      title: t('work.admin.submissions.templates.columns.criterion'),
      dataIndex: 'criterion',
      width: 100,
      render: (criterion: number | null) => (criterion === null ? <span className="muted">{t('work.admin.submissions.templates.noCriterion')}</span> : <Tag>{format.count(criterion)}</Tag>),
    },
    { key: 'uses', title: t('work.admin.submissions.templates.columns.uses'), dataIndex: 'uses', width: 130, align: 'right', render: (uses: number) => format.count(uses) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 170,
      render: (_: unknown, template) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setDialog({ open: true, template }) },
            { key: 'delete', label: t('common.delete'), danger: true, onClick: () => deleting.ask(template) },
          ]}
        />
      ),
    },
  ];

  return (
    <section className="review-templates-list" data-testid="review-templates">
      <div className="admin-toolbar">
        <div>
          <h2 className="admin-section-title">{t('work.admin.submissions.templates.title')}</h2>
          <p className="muted small">{t('work.admin.submissions.templates.lead', { max: format.count(max) })}</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} disabled={items.length >= max} onClick={() => setDialog({ open: true, template: null })} data-testid="template-create">
          {t('work.admin.submissions.templates.create')}
        </Button>
      </div>
      {query.isError && <Alert type="error" showIcon title={t('common.loadFailed')} />}
      <DataTable<TReviewTemplate>
        label={t('work.admin.submissions.templates.title')}
        rowKey="id"
        size="middle"
        pagination={false}
        // Fixed layout: a long text wraps in its column instead of widening the table past the screen (it pushed Uses
        // and Actions out of view at 1440 px). Every column shows from about 1,200 px wide (the console at 1280 px);
        // narrower, the table scrolls in its box with Actions pinned.
        tableLayout="fixed"
        scroll={{ x: TEMPLATES_TABLE_WIDTH }}
        loading={query.isLoading}
        columns={columns}
        dataSource={items}
        locale={{ emptyText: t('work.admin.submissions.templates.empty') }}
      />
      <TemplateFormDialog open={dialog.open} template={dialog.template} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
      {deleting.element}
    </section>
  );
}

/** The variables as an admin types them (a value of the catalogue's text: never read as one of its own variables). */
const TEMPLATE_VARIABLES_TEXT = REVIEW_TEMPLATE_VARIABLES.map((name) => `{{${name}}}`).join(', ');
const PREVIEW_VALUES = { firstName: 'Ada', taskTitle: 'Photograph a shop sign' };

function TemplateFormDialog({ open, template, onClose }: { open: boolean; template: TReviewTemplate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TTemplateFormValues>();
  const values = Form.useWatch([], form) as TTemplateFormValues | undefined;
  const [createTemplate] = useCreateReviewTemplateMutation();
  const [updateTemplate] = useUpdateReviewTemplateMutation();
  const editing = template !== null;
  const initial: TTemplateFormValues = template
    ? { title: template.title, body: template.body, criterion: template.criterion, sortOrder: template.sortOrder }
    : { title: '', body: '', criterion: null, sortOrder: 0 };

  useEffect(() => {
    if (open) form.setFieldsValue(initial);
    // The template is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, template, form]);

  const blank = !values?.title?.trim() || !values?.body?.trim();
  const criterionNumber = values?.criterion ?? null;
  const preview = renderReviewTemplate(values?.body ?? '', {
    ...PREVIEW_VALUES,
    criterion: criterionNumber === null ? undefined : t('work.admin.submissions.templates.sampleCriterion', { number: criterionNumber }),
  });

  return (
    <FormDialog<TTemplateFormValues, keyof TTemplateFormValues>
      open={open}
      title={t(editing ? 'work.admin.submissions.templates.editTitle' : 'work.admin.submissions.templates.createTitle')}
      form={form}
      fields={['title', 'body', 'criterion', 'sortOrder']}
      initialValues={initial}
      onSubmit={async () => {
        const input = toTemplateInput(form.getFieldsValue(true) as TTemplateFormValues);
        if (template) await updateTemplate({ id: template.id, changes: input }).unwrap();
        else await createTemplate(input).unwrap();
      }}
      savedTitle={t(editing ? 'work.admin.submissions.templates.toasts.updated' : 'work.admin.submissions.templates.toasts.created')}
      failedTitle={t('work.admin.submissions.templates.toasts.saveFailed')}
      toastKey={template ? `review-template.update:${template.id}` : 'review-template.create'}
      onClose={onClose}
      submitDisabled={blank}
      submitTestId="template-save"
      width={600}
    >
      <Form.Item name="title" label={t('work.admin.submissions.templates.fields.title')} rules={[{ required: true, whitespace: true, message: t('work.admin.submissions.templates.titleRequired') }]}>
        <Input maxLength={MAX_REVIEW_TEMPLATE_TITLE_LENGTH} />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('work.admin.submissions.templates.fields.body')}
        extra={t('work.admin.submissions.templates.variablesHint', { variables: TEMPLATE_VARIABLES_TEXT })}
        rules={[{ required: true, whitespace: true, message: t('work.admin.submissions.templates.bodyRequired') }]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={MAX_REVIEW_TEMPLATE_BODY_LENGTH} showCount />
      </Form.Item>
      <div className="admin-form-grid">
        <Form.Item name="criterion" label={t('work.admin.submissions.templates.fields.criterion')} extra={t('work.admin.submissions.templates.criterionHint')}>
          <InputNumber min={1} max={MAX_ACCEPTANCE_CRITERIA} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('work.admin.submissions.templates.fields.sortOrder')}>
          <InputNumber min={0} max={1000} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className="muted small">{t('work.admin.submissions.templates.preview')}</div>
      <p className="review-template-body" data-testid="template-preview">
        {preview || '—'}
      </p>
    </FormDialog>
  );
}
