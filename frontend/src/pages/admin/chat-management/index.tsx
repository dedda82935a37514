import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppTabs } from '../../../components/AppTabs';
import '../chat-admin.css';
import './chat-management.css';
import { AssistantSettingsTab } from './AssistantSettingsTab';
import { AssistantsTab } from './AssistantsTab';

/** Admin > Chat Management (spec 03): the tabs 'Assistants' and 'Assistant Settings' (issue 13). */
export function ChatManagementSection() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'assistants' | 'settings'>('assistants');
  return (
    <div className="chat-admin" data-testid="chat-management">
      <AppTabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'assistants' | 'settings')}
        items={[
          { key: 'assistants', label: t('assistants.tabs.assistants'), children: <AssistantsTab /> },
          { key: 'settings', label: t('assistants.tabs.settings'), children: <AssistantSettingsTab /> },
        ]}
      />
    </div>
  );
}
