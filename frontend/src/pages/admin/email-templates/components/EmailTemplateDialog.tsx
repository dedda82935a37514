import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import {
  useCreateEmailTemplateMutation,
  useUpdateEmailTemplateMutation,
  type TEmailTemplate,
  type TEmailTemplateInput,
} from '../../../../features/admin/emailTemplates.api';
import { TemplatePreview } from './TemplatePreview';

interface TFormValues {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: string[];
}

const VARIABLE_NAME = /^[A-Za-z0-9_]+$/;

function initialValues(template: TEmailTemplate | null): TFormValues {
  if (!template) return { name: '', subject: '', htmlContent: '', textContent: '', variables: [] };
  return { name: template.name, subject: template.subject, htmlContent: template.htmlContent, textContent: template.textContent, variables: [...template.variables] };
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
 * Beside the form, the HTML part in a sandboxed preview. Toasts of s.8.
 */
export function EmailTemplateDialog({ open, template, onClose }: TEmailTemplateDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const action = template ? `template.update:${template.id}` : 'template.create';
  const html = (Form.useWatch('htmlContent', form) as string | undefined) ?? template?.htmlContent ?? '';
  const [createTemplate] = useCreateEmailTemplateMutation();
  const [updateTemplate] = useUpdateEmailTemplateMutation();
  const editing = template !== null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(template));
    }
  }, [open, template, form]);

  const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];
  const variableRules: Rule[] = [
    {
      validator: (_rule, value: string[] | undefined) =>
        (value ?? []).every((name) => VARIABLE_NAME.test(name)) ? Promise.resolve() : Promise.reject(new Error(t('emailTemplates.validation.variableInvalid'))),
    },
  ];

  const save = async (values: TFormValues) => {
    const variables = values.variables ?? [];
    const content = { subject: values.subject.trim(), htmlContent: values.htmlContent, textContent: values.textContent };
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
      fields={['name', 'subject', 'htmlContent', 'textContent', 'variables']}
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
          <Form.Item name="subject" label={t('emailTemplates.fields.subject')} rules={required(t('emailTemplates.validation.subjectRequired'))} required>
            <Input maxLength={300} autoComplete="off" />
          </Form.Item>
          <Form.Item name="htmlContent" label={t('emailTemplates.fields.htmlContent')} rules={required(t('emailTemplates.validation.htmlContentRequired'))} required>
            <Input.TextArea className="code-input" autoSize={{ minRows: 6, maxRows: 14 }} spellCheck={false} />
          </Form.Item>
          <Form.Item name="textContent" label={t('emailTemplates.fields.textContent')} rules={required(t('emailTemplates.validation.textContentRequired'))} required>
            <Input.TextArea className="code-input" autoSize={{ minRows: 4, maxRows: 10 }} spellCheck={false} />
          </Form.Item>
          <Form.Item name="variables" label={t('emailTemplates.fields.variables')} rules={variableRules} extra={t('emailTemplates.dialog.variablesHint')}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} placeholder={t('emailTemplates.dialog.variablesPlaceholder')} aria-label={t('emailTemplates.fields.variables')} />
          </Form.Item>
        </div>
        <TemplatePreview html={html} />
      </div>
    </FormDialog>
  );
}
