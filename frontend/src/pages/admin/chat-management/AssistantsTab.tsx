import { ZCreateAssistantRequestSchema, type TAssistantLanguage, type TChatAssistant } from '@platform/contracts/assistants';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Select, Space, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../app/errorMessage';
import { DataTable } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
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
  const toast = useToast();
  const [form] = Form.useForm<TFormValues>();
  const [create, createState] = useCreateChatAssistantMutation();
  const [update, updateState] = useUpdateChatAssistantMutation();
  const action = assistant ? `assistant.update:${assistant.id}` : 'assistant.create';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      assistant
        ? { displayName: assistant.displayName, avatar: assistant.avatar ?? '', preferredLanguage: assistant.preferredLanguage, isActive: assistant.isActive }
        : { displayName: '', avatar: '', preferredLanguage: 'english', isActive: true },
    );
  }, [open, assistant, form]);

  const submit = async () => {
    const values = form.getFieldsValue();
    // The same schema the server enforces (spec 03 s.5: 'Display name is required').
    const checked = ZCreateAssistantRequestSchema.safeParse(values);
    if (!checked.success) {
      form.setFields(formErrorsOf<keyof TFormValues>(t, checked.error));
      return;
    }
    try {
      if (assistant) await update({ id: assistant.id, body: values }).unwrap();
      else await create(values).unwrap();
      toast({ title: assistant ? t('assistants.toasts.updated') : t('assistants.toasts.created'), action });
      onClose();
    } catch (error) {
      const message = serverMessageOf(error);
      toast({ title: t('assistants.toasts.failedToSave'), description: message ? translateAssistantMessage(t, message) : undefined, variant: 'destructive', action });
    }
  };

  return (
    <Modal
      open={open}
      title={assistant ? t('assistants.dialog.editTitle') : t('assistants.dialog.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('assistants.dialog.cancel')}</Button>
          <Button type="primary" loading={createState.isLoading || updateState.isLoading} onClick={() => void submit()} data-testid="assistant-save">
            {t('assistants.dialog.save')}
          </Button>
        </div>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        onValuesChange={(changed: Partial<TFormValues>) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof TFormValues, errors: [] })))}
        data-testid="assistant-form"
      >
        <Form.Item name="displayName" label={t('assistants.dialog.displayName')}>
          <Input maxLength={100} data-testid="assistant-name" />
        </Form.Item>
        <Form.Item name="avatar" label={t('assistants.dialog.avatar')}>
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
      </Form>
    </Modal>
  );
}

/** Chat Management > Assistants: list, create, edit, activate, delete with confirmation (spec 03; issue 13). */
export function AssistantsTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data, isLoading, isError } = useChatAssistantsQuery();
  const [update] = useUpdateChatAssistantMutation();
  const [remove, removeState] = useDeleteChatAssistantMutation();
  const [editing, setEditing] = useState<TChatAssistant | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TChatAssistant | null>(null);

  const toggle = async (assistant: TChatAssistant) => {
    const action = `assistant.toggle:${assistant.id}`;
    try {
      await update({ id: assistant.id, body: { isActive: !assistant.isActive } }).unwrap();
      toast({ title: t('assistants.toasts.updated'), action });
    } catch (error) {
      toast({ title: t('assistants.toasts.failedToSave'), description: serverMessageOf(error), variant: 'destructive', action });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const action = `assistant.delete:${deleting.id}`;
    try {
      await remove(deleting.id).unwrap();
      toast({ title: t('assistants.toasts.deleted'), action });
      setDeleting(null);
    } catch (error) {
      toast({ title: t('assistants.toasts.failedToDelete'), description: serverMessageOf(error), variant: 'destructive', action });
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
                {a.avatar && !a.avatar.startsWith('http') && <span aria-hidden="true">{a.avatar} </span>}
                {a.displayName} <Tag color="purple">{t('chat.badgeBot')}</Tag>
              </span>
            ),
          },
          { key: 'language', title: t('assistants.list.language'), render: (_, a) => t(`assistants.languages.${a.preferredLanguage}`) },
          {
            key: 'status',
            title: t('assistants.list.status'),
            render: (_, a) => <Tag color={a.isActive ? 'green' : 'default'}>{a.isActive ? t('assistants.list.active') : t('assistants.list.inactive')}</Tag>,
          },
          { key: 'messages', title: t('assistants.list.messages'), dataIndex: 'messageCount' },
          {
            key: 'actions',
            title: t('assistants.list.actions'),
            render: (_, a) => (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(a);
                    setDialogOpen(true);
                  }}
                >
                  {t('assistants.list.edit')}
                </Button>
                <Button size="small" onClick={() => void toggle(a)} data-testid="assistant-toggle">
                  {a.isActive ? t('assistants.list.deactivate') : t('assistants.list.activate')}
                </Button>
                <Button size="small" danger onClick={() => setDeleting(a)} data-testid="assistant-delete">
                  {t('assistants.list.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AssistantDialog assistant={editing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('assistants.list.delete')}
        confirmLabel={t('assistants.list.confirm')}
        cancelLabel={t('assistants.list.cancel')}
        danger
        loading={removeState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        testId="assistant-delete-confirm"
      >
        {t('assistants.list.confirmDelete', { name: deleting?.displayName ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
