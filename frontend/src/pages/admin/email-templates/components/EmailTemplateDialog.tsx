import { Form, Input, Select, Tabs, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import {
  useCreateEmailTemplateMutation,
  useUpdateEmailTemplateMutation,
  type TEmailTemplate,
  type TEmailTemplateInput,
} from '../../../../features/email/emailTemplates.admin.api';
import { TemplatePreview } from './TemplatePreview';

interface TFormValues {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  subjectRu: string;
  htmlContentRu: string;
  textContentRu: string;
  variables: string[];
}

const RUSSIAN_FIELDS = ['subjectRu', 'htmlContentRu', 'textContentRu'] as const;

const VARIABLE_NAME = /^[A-Za-z0-9_]+$/;

function initialValues(template: TEmailTemplate | null): TFormValues {
  if (!template) return { name: '', subject: '', htmlContent: '', textContent: '', subjectRu: '', htmlContentRu: '', textContentRu: '', variables: [] };
  return {
    name: template.name,
    subject: template.subject,
    htmlContent: template.htmlContent,
    textContent: template.textContent,
    subjectRu: template.subjectRu ?? '',
    htmlContentRu: template.htmlContentRu ?? '',
    textContentRu: template.textContentRu ?? '',
    variables: [...template.variables],
  };
}

interface TEmailTemplateDialogProps {
  open: boolean;
  /** null creates a template. */
  template: TEmailTemplate | null;
  onClose: () => void;
}

/**
 * Create and edit a template (spec 03 s.5): name, subject, HTML and text content required (blank counts as
 * missing), variables an optional list of names; on edit the name is shown but cannot be changed and is not sent.
 * Issue 28: an English and a Russian tab (the Russian version all three parts or none: without it Russian users get
 * the English one), and for a built-in template the placeholders its mail is given, each explained. Beside the form,
 * the HTML part of the tab shown, in a sandboxed preview. Toasts of s.8.
 */
export function EmailTemplateDialog({ open, template, onClose }: TEmailTemplateDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const action = template ? `template.update:${template.id}` : 'template.create';
  const [tab, setTab] = useState<'en' | 'ru'>('en');
  const htmlEn = (Form.useWatch('htmlContent', form) as string | undefined) ?? template?.htmlContent ?? '';
  const htmlRu = (Form.useWatch('htmlContentRu', form) as string | undefined) ?? template?.htmlContentRu ?? '';
  const html = tab === 'ru' ? htmlRu : htmlEn;
  const [createTemplate] = useCreateEmailTemplateMutation();
  const [updateTemplate] = useUpdateEmailTemplateMutation();
  const editing = template !== null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(template));
      setTab('en');
    }
  }, [open, template, form]);

  const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];
  const variableRules: Rule[] = [
    {
      validator: (_rule, value: string[] | undefined) =>
        (value ?? []).every((name) => VARIABLE_NAME.test(name)) ? Promise.resolve() : Promise.reject(new Error(t('emailTemplates.validation.variableInvalid'))),
    },
  ];

  // The Russian version is whole or absent: once one part is filled, each empty one is named.
  const russianRules: Rule[] = [
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) => {
        const anyFilled = RUSSIAN_FIELDS.some((field) => String(getFieldValue(field) ?? '').trim() !== '');
        return anyFilled && String(value ?? '').trim() === '' ? Promise.reject(new Error(t('emailTemplates.validation.ruIncomplete'))) : Promise.resolve();
      },
    }),
  ];

  const save = async (values: TFormValues) => {
    const variables = values.variables ?? [];
    const hasRussian = RUSSIAN_FIELDS.every((field) => String(values[field] ?? '').trim() !== '');
    const content = {
      subject: values.subject.trim(),
      htmlContent: values.htmlContent,
      textContent: values.textContent,
      ...(hasRussian ? { subjectRu: values.subjectRu.trim(), htmlContentRu: values.htmlContentRu, textContentRu: values.textContentRu } : {}),
    };
    if (template) {
      await updateTemplate({ id: template.id, changes: { ...content, variables } }).unwrap();
      return;
    }
    const input: TEmailTemplateInput = { name: values.name.trim(), ...content };
    // Left out, the server takes the variables from the tags the template uses.
    if (variables.length > 0) input.variables = variables;
    await createTemplate(input).unwrap();
  };

  return (
    <FormDialog<TFormValues, keyof TFormValues>
      open={open}
      title={t(editing ? 'emailTemplates.dialog.editTitle' : 'emailTemplates.dialog.createTitle')}
      form={form}
      fields={['name', 'subject', 'htmlContent', 'textContent', 'subjectRu', 'htmlContentRu', 'textContentRu', 'variables']}
      initialValues={initialValues(template)}
      onSubmit={save}
      savedTitle={t(editing ? 'emailTemplates.toasts.updated' : 'emailTemplates.toasts.created')}
      failedTitle={t(editing ? 'emailTemplates.toasts.updateFailed' : 'emailTemplates.toasts.createFailed')}
      toastKey={action}
      onClose={onClose}
      submitLabel={editing ? undefined : t('common.create')}
      submitTestId="email-template-save"
      width={1040}
    >
      <div className="email-template-dialog">
        <div className="email-template-form">
          <Form.Item name="name" label={t('emailTemplates.fields.name')} rules={editing ? [] : required(t('emailTemplates.validation.nameRequired'))} extra={editing ? t('emailTemplates.dialog.nameReadOnly') : undefined} required>
            <Input disabled={editing} readOnly={editing} maxLength={100} autoComplete="off" />
          </Form.Item>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key === 'ru' ? 'ru' : 'en')}
            aria-label={t('emailTemplates.dialog.languageTabs')}
            items={[
              {
                key: 'en',
                label: t('emailTemplates.dialog.tabs.en'),
                forceRender: true,
                children: (
                  <>
                    <Form.Item name="subject" label={t('emailTemplates.fields.subject')} rules={required(t('emailTemplates.validation.subjectRequired'))} required>
                      <Input maxLength={300} autoComplete="off" />
                    </Form.Item>
                    <Form.Item name="htmlContent" label={t('emailTemplates.fields.htmlContent')} rules={required(t('emailTemplates.validation.htmlContentRequired'))} required>
                      <Input.TextArea className="code-input" autoSize={{ minRows: 6, maxRows: 14 }} spellCheck={false} />
                    </Form.Item>
                    <Form.Item name="textContent" label={t('emailTemplates.fields.textContent')} rules={required(t('emailTemplates.validation.textContentRequired'))} required>
                      <Input.TextArea className="code-input" autoSize={{ minRows: 4, maxRows: 10 }} spellCheck={false} />
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'ru',
                label: t('emailTemplates.dialog.tabs.ru'),
                forceRender: true,
                children: (
                  <>
                    <p className="muted small">{t('emailTemplates.dialog.ruHint')}</p>
                    <Form.Item name="subjectRu" label={t('emailTemplates.fields.subjectRu')} rules={russianRules} dependencies={['htmlContentRu', 'textContentRu']}>
                      <Input maxLength={300} autoComplete="off" lang="ru" />
                    </Form.Item>
                    <Form.Item name="htmlContentRu" label={t('emailTemplates.fields.htmlContentRu')} rules={russianRules} dependencies={['subjectRu', 'textContentRu']}>
                      <Input.TextArea className="code-input" autoSize={{ minRows: 6, maxRows: 14 }} spellCheck={false} lang="ru" />
                    </Form.Item>
                    <Form.Item name="textContentRu" label={t('emailTemplates.fields.textContentRu')} rules={russianRules} dependencies={['subjectRu', 'htmlContentRu']}>
                      <Input.TextArea className="code-input" autoSize={{ minRows: 4, maxRows: 10 }} spellCheck={false} lang="ru" />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
          {template && template.placeholders.length > 0 && (
            <div className="email-template-placeholders" data-testid="email-template-placeholders">
              <div className="email-template-placeholders-title">{t('emailTemplates.dialog.placeholdersTitle')}</div>
              <p className="muted small">{t('emailTemplates.dialog.placeholdersHint', { platformName: '{{platformName}}' })}</p>
              <ul>
                {template.placeholders.map((placeholder) => (
                  <li key={placeholder.name}>
                    <code>{`{{${placeholder.name}}}`}</code> {t(`emailTemplates.placeholders.${placeholder.name}`, { defaultValue: '' })}
                    {placeholder.required && <Tag color="blue">{t('emailTemplates.dialog.required')}</Tag>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <Form.Item name="variables" label={t('emailTemplates.fields.variables')} rules={variableRules} extra={t('emailTemplates.dialog.variablesHint')}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} placeholder={t('emailTemplates.dialog.variablesPlaceholder')} aria-label={t('emailTemplates.fields.variables')} />
          </Form.Item>
        </div>
        <TemplatePreview html={html} />
      </div>
    </FormDialog>
  );
}
