import { ZUpdateChatSettingsRequestSchema, type TChatSettingsView, type TLanguageEnforcement, type TUpdateChatSettingsRequest } from '@platform/contracts/assistants';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Spin, Switch } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../app/errorMessage';
import { useFormat } from '../../../app/format';
import { serverFieldOf } from '../../../components/forms/serverErrors';
import { useToast } from '../../../components/toast';
import { useChatSettingsQuery, useSaveChatSettingsMutation } from '../../../features/chat/assistants.api';
import { formErrorsOf, translateAssistantMessage } from './assistantMessages';

/** The form's values: the settings, the topics as lines of text, and the key fields (never filled from the server). */
type TFormValues = Omit<TChatSettingsView, 'chatTopics' | 'providerApiKeySet' | 'updatedBy' | 'updatedAt'> & {
  chatTopics: string;
  providerApiKey: string;
  removeKey: boolean;
};

const FIELDS: (keyof TFormValues)[] = [
  'aiEnabled',
  'providerBaseUrl',
  'providerApiKey',
  'model',
  'aiPrompt',
  'messagesPerIntervalMin',
  'messagesPerIntervalMax',
  'intervalSeconds',
  'intervalVarianceSeconds',
  'maxConsecutiveMessages',
  'enableConsecutiveMessages',
  'consecutiveMessageChance',
  'replyEnabled',
  'replyProbability',
  'realUserPriorityMinutes',
  'chatRules',
  'chatTopics',
  'topicVarietyEnabled',
  'languageEnforcement',
];

function valuesOf(settings: TChatSettingsView): TFormValues {
  const { providerApiKeySet: _set, updatedBy: _by, updatedAt: _at, chatTopics, ...rest } = settings;
  return { ...rest, chatTopics: chatTopics.join('\n'), providerApiKey: '', removeKey: false };
}

/** What is sent: the key only when typed (or '' to remove it); the topics one per line. */
function requestOf(values: TFormValues): TUpdateChatSettingsRequest {
  const { providerApiKey, removeKey, chatTopics, ...rest } = values;
  const body: TUpdateChatSettingsRequest = {
    ...rest,
    chatTopics: chatTopics
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
  if (removeKey) body.providerApiKey = '';
  else if (providerApiKey.trim()) body.providerApiKey = providerApiKey.trim();
  return body;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="assistant-settings-group">
      <legend className="panel-title">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Chat Management > Assistant Settings (spec 03 chat_settings, AMENDED; s.5): the fields grouped as provider,
 * schedule, replies, rules and topics. The shared schema (ZUpdateChatSettingsRequestSchema) checks the form with
 * the server's messages before it is sent; a server refusal goes under its field and in a 'Failed to save' toast.
 * Nothing here can make an assistant pass for a person: there is no such setting.
 */
export function AssistantSettingsTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [form] = Form.useForm<TFormValues>();
  const { data, isLoading, isError } = useChatSettingsQuery();
  const [save, saveState] = useSaveChatSettingsMutation();

  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data));
  }, [data, form]);

  const submit = async () => {
    const body = requestOf(form.getFieldsValue(true) as TFormValues);
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    const checked = ZUpdateChatSettingsRequestSchema.safeParse(body);
    if (!checked.success) {
      const errors = formErrorsOf<keyof TFormValues>(t, checked.error);
      form.setFields(errors);
      if (errors[0]) form.scrollToField(errors[0].name, { block: 'center' });
      return;
    }
    try {
      await save(body).unwrap();
      toast({ title: t('assistants.toasts.settingsSaved'), action: 'assistant.settings' });
    } catch (error) {
      const message = serverMessageOf(error);
      const field = serverFieldOf(error);
      if (message && field && (FIELDS as string[]).includes(field)) form.setFields([{ name: field as keyof TFormValues, errors: [translateAssistantMessage(t, message)] }]);
      toast({ title: t('assistants.toasts.failedToSave'), description: message ? translateAssistantMessage(t, message) : undefined, variant: 'destructive', action: 'assistant.settings' });
    }
  };

  if (isLoading) {
    return (
      <div className="center-block">
        <Spin />
      </div>
    );
  }
  if (isError || !data) return <Alert type="error" showIcon title={t('assistants.toasts.loadFailed')} />;

  // No min/max on the inputs: a value out of range is kept and the schema's message says why (spec 03 s.5).
  const count = { precision: 0 };
  const share = { step: 0.05 };
  return (
    <Form
      form={form}
      layout="vertical"
      className="assistant-settings"
      onFinish={() => void submit()}
      // An edited field loses its message; the next save checks it again.
      onValuesChange={(changed: Partial<TFormValues>) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof TFormValues, errors: [] })))}
      data-testid="assistant-settings"
    >
      <p className="muted small">{t('assistants.botNote')}</p>
      <Form.Item name="aiEnabled" label={t('assistants.settings.aiEnabled')} valuePropName="checked">
        <Switch data-testid="settings-aiEnabled" />
      </Form.Item>

      <Group title={t('assistants.settings.groups.provider')}>
        <Form.Item name="providerBaseUrl" label={t('assistants.settings.providerBaseUrl')} extra={t('assistants.settings.providerBaseUrlHint')}>
          <Input placeholder="https://api.openai.com/v1" />
        </Form.Item>
        <Form.Item
          name="providerApiKey"
          label={t('assistants.settings.providerApiKey')}
          extra={<span data-testid="settings-key-state">{data.providerApiKeySet ? t('assistants.settings.providerApiKeySet') : t('assistants.settings.providerApiKeyNotSet')}</span>}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {data.providerApiKeySet && (
          <Form.Item name="removeKey" valuePropName="checked">
            <Checkbox>{t('assistants.settings.removeKey')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="model" label={t('assistants.settings.model')}>
          <Input />
        </Form.Item>
        <Form.Item name="aiPrompt" label={t('assistants.settings.aiPrompt')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} data-testid="settings-aiPrompt" />
        </Form.Item>
      </Group>

      <Group title={t('assistants.settings.groups.schedule')}>
        <div className="assistant-settings-row">
          <Form.Item name="messagesPerIntervalMin" label={t('assistants.settings.messagesPerIntervalMin')} extra={t('assistants.settings.countHint')}>
            <InputNumber {...count} data-testid="settings-messagesPerIntervalMin" />
          </Form.Item>
          <Form.Item name="messagesPerIntervalMax" label={t('assistants.settings.messagesPerIntervalMax')} extra={t('assistants.settings.countHint')}>
            <InputNumber {...count} data-testid="settings-messagesPerIntervalMax" />
          </Form.Item>
        </div>
        <div className="assistant-settings-row">
          <Form.Item name="intervalSeconds" label={t('assistants.settings.intervalSeconds')} extra={t('assistants.settings.intervalHint')}>
            <InputNumber precision={0} data-testid="settings-intervalSeconds" />
          </Form.Item>
          <Form.Item name="intervalVarianceSeconds" label={t('assistants.settings.intervalVarianceSeconds')} extra={t('assistants.settings.varianceHint')}>
            <InputNumber precision={0} data-testid="settings-intervalVarianceSeconds" />
          </Form.Item>
        </div>
        <div className="assistant-settings-row">
          <Form.Item name="maxConsecutiveMessages" label={t('assistants.settings.maxConsecutiveMessages')} extra={t('assistants.settings.countHint')}>
            <InputNumber {...count} />
          </Form.Item>
          <Form.Item name="consecutiveMessageChance" label={t('assistants.settings.consecutiveMessageChance')} extra={t('assistants.settings.shareHint')}>
            <InputNumber {...share} />
          </Form.Item>
        </div>
        <Form.Item name="enableConsecutiveMessages" label={t('assistants.settings.enableConsecutiveMessages')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Group>

      <Group title={t('assistants.settings.groups.replies')}>
        <Form.Item name="replyEnabled" label={t('assistants.settings.replyEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className="assistant-settings-row">
          <Form.Item name="replyProbability" label={t('assistants.settings.replyProbability')} extra={t('assistants.settings.shareHint')}>
            <InputNumber {...share} />
          </Form.Item>
          <Form.Item name="realUserPriorityMinutes" label={t('assistants.settings.realUserPriorityMinutes')} extra={t('assistants.settings.priorityHint')}>
            <InputNumber precision={0} />
          </Form.Item>
        </div>
      </Group>

      <Group title={t('assistants.settings.groups.rules')}>
        <Form.Item name="chatRules" label={t('assistants.settings.chatRules')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="chatTopics" label={t('assistants.settings.chatTopics')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item name="topicVarietyEnabled" label={t('assistants.settings.topicVarietyEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="languageEnforcement" label={t('assistants.settings.languageEnforcement')}>
          <Select<TLanguageEnforcement>
            options={(['english_only', 'russian_only', 'mixed'] as const).map((value) => ({ value, label: t(`assistants.settings.enforcement.${value}`) }))}
          />
        </Form.Item>
      </Group>

      <div className="assistant-settings-actions">
        <Button type="primary" htmlType="submit" loading={saveState.isLoading} data-testid="settings-save">
          {t('assistants.settings.save')}
        </Button>
        {data.updatedAt && <span className="muted small">{t('assistants.settings.updated', { time: format.dateTime(data.updatedAt) })}</span>}
      </div>
    </Form>
  );
}
