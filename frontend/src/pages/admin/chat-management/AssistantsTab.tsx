import { ZCreateAssistantRequestSchema, type TAssistantLanguage, type TChatAssistant } from '@platform/contracts/assistants';
import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Switch, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../app/errorMessage';
import { useFormat } from '../../../app/format';
import { DataTable } from '../../../components/DataTable';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useDeleteConfirm } from '../../../components/dialogs/useDeleteConfirm';
import { RowActions } from '../../../components/list/RowActions';
import { useToast } from '../../../components/toast';
import {
  useChatAssistantsQuery,
  useCreateChatAssistantMutation,
  useDeleteChatAssistantMutation,
  useUpdateChatAssistantMutation,
} from '../../../features/chat/assistants.api';
import { formErrorsOf, translateAssistantMessage } from './assistantMessages';

interface TFormValues {
  displayName: string;
  avatar: string;
  preferredLanguage: TAssistantLanguage;
  isActive: boolean;
}

function AssistantDialog({ assistant, open, onClose }: { assistant: TChatAssistant | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const [create] = useCreateChatAssistantMutation();
  const [update] = useUpdateChatAssistantMutation();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      assistant
        ? { displayName: assistant.displayName, avatar: assistant.avatar ?? '', preferredLanguage: assistant.preferredLanguage, isActive: assistant.isActive }
        : { displayName: '', avatar: '', preferredLanguage: 'english', isActive: true },
    );
  }, [open, assistant, form]);

  // The same schema the server enforces (spec 03 s.5: 'Display name is required'), checked field by field.
  const schemaRule = (name: keyof TFormValues): Rule => ({
    validator: () => {
      const checked = ZCreateAssistantRequestSchema.safeParse(form.getFieldsValue());
      const error = checked.success ? undefined : formErrorsOf<keyof TFormValues>(t, checked.error).find((field) => field.name === name);
      return error ? Promise.reject(new Error(error.errors[0])) : Promise.resolve();
    },
  });

  const save = async (values: TFormValues) => {
    if (assistant) await update({ id: assistant.id, body: values }).unwrap();
    else await create(values).unwrap();
  };

  return (
    <FormDialog<TFormValues, keyof TFormValues>
      open={open}
      title={assistant ? t('assistants.dialog.editTitle') : t('assistants.dialog.createTitle')}
      form={form}
      fields={['displayName', 'avatar', 'preferredLanguage', 'isActive']}
      onSubmit={save}
      savedTitle={assistant ? t('assistants.toasts.updated') : t('assistants.toasts.created')}
      failedTitle={t('assistants.toasts.failedToSave')}
      describeError={(error) => {
        const message = serverMessageOf(error);
        return message ? translateAssistantMessage(t, message) : undefined;
      }}
      toastKey={assistant ? `assistant.update:${assistant.id}` : 'assistant.create'}
      onClose={onClose}
      submitTestId="assistant-save"
      testId="assistant-form"
    >
      <Form.Item name="displayName" label={t('assistants.dialog.displayName')} rules={[schemaRule('displayName')]}>
        <Input maxLength={100} data-testid="assistant-name" />
      </Form.Item>
      <Form.Item name="avatar" label={t('assistants.dialog.avatar')} rules={[schemaRule('avatar')]}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="preferredLanguage" label={t('assistants.dialog.preferredLanguage')}>
        <Select
          options={(['english', 'russian'] as const).map((value) => ({ value, label: t(`assistants.languages.${value}`) }))}
          data-testid="assistant-language"
        />
      </Form.Item>
      <Form.Item name="isActive" label={t('assistants.dialog.isActive')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

/** Chat Management > Assistants: list, create, edit, activate, delete with confirmation (spec 03; issue 13). */
export function AssistantsTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useFormat();
  const { data, isLoading, isError } = useChatAssistantsQuery();
  const [update] = useUpdateChatAssistantMutation();
  const [remove] = useDeleteChatAssistantMutation();
  const [editing, setEditing] = useState<TChatAssistant | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deleting = useDeleteConfirm<TChatAssistant>({
    title: t('common.delete'),
    describe: (assistant) => t('assistants.list.confirmDelete', { name: assistant.displayName }),
    remove: (assistant) => remove(assistant.id).unwrap(),
    deletedTitle: t('assistants.toasts.deleted'),
    failedTitle: t('assistants.toasts.failedToDelete'),
    toastKey: (assistant) => `assistant.delete:${assistant.id}`,
    testId: 'assistant-delete-confirm',
  });

  const toggle = async (assistant: TChatAssistant) => {
    const action = `assistant.toggle:${assistant.id}`;
    try {
      await update({ id: assistant.id, body: { isActive: !assistant.isActive } }).unwrap();
      toast({ title: t('assistants.toasts.updated'), action });
    } catch (error) {
      toast({ title: t('assistants.toasts.failedToSave'), description: serverMessageOf(error), variant: 'destructive', action });
    }
  };

  return (
    <section className="panel chat-admin-card" aria-labelledby="assistants-title" data-testid="assistants-tab">
      <div className="chat-admin-toolbar">
        <h2 className="panel-title" id="assistants-title">
          {t('assistants.list.title')}
        </h2>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          data-testid="assistant-create"
        >
          {t('assistants.list.create')}
        </Button>
      </div>
      <p className="muted small">{t('assistants.botNote')}</p>
      {isError && <Alert type="error" showIcon title={t('assistants.toasts.loadFailed')} />}
      <DataTable<TChatAssistant>
        label={t('assistants.list.title')}
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: t('assistants.list.empty') }}
        columns={[
          {
            key: 'name',
            title: t('assistants.list.name'),
            render: (_, a) => (
              <span data-testid="assistant-row-name">
                <RobotOutlined aria-hidden className="chat-bot-avatar" />{' '}
                {a.displayName} <Tag color="purple">{t('chat.badgeBot')}</Tag>
              </span>
            ),
          },
          { key: 'language', title: t('assistants.list.language'), render: (_, a) => t(`assistants.languages.${a.preferredLanguage}`) },
          {
            key: 'status',
            title: t('common.status'),
            render: (_, a) => <Tag color={a.isActive ? 'green' : 'default'}>{a.isActive ? t('assistants.list.active') : t('assistants.list.inactive')}</Tag>,
          },
          { key: 'messages', title: t('assistants.list.messages'), dataIndex: 'messageCount', align: 'right', render: (n: number) => format.count(n) },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 220,
            render: (_, a) => (
              <RowActions
                inline={3}
                actions={[
                  {
                    key: 'edit',
                    label: t('common.edit'),
                    onClick: () => {
                      setEditing(a);
                      setDialogOpen(true);
                    },
                  },
                  { key: 'toggle', label: a.isActive ? t('assistants.list.deactivate') : t('assistants.list.activate'), onClick: () => void toggle(a), testId: 'assistant-toggle' },
                  { key: 'delete', label: t('common.delete'), danger: true, onClick: () => deleting.ask(a), testId: 'assistant-delete' },
                ]}
              />
            ),
          },
        ]}
      />
      <AssistantDialog assistant={editing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      {deleting.element}
    </section>
  );
}
