import type { TSystemSettingKey } from '@platform/contracts';
import { SYSTEM_SETTING_KEYS } from '@platform/contracts/constants';
import { ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { useAdminSettingsQuery, useResetSettingsMutation, useUpdateSettingMutation } from '../../../features/settings/settings.admin.api';
import { useAdminUsersQuery } from '../../../features/account/account.admin.api';
import { serverMessageOf } from '../../../app/errorMessage';
import { planSettingsSave, sameSettingValue } from '../../../features/settings/settingsForm';
import { SettingCard } from './components/SettingCard';
import { WelcomeVideoCard } from './components/WelcomeVideoCard';
import './settings.css';

/** The admins (the list is paged: ask for them, up to 100). */
const ADMINS_QUERY = { role: 'admin', pageSize: 100 } as const;

type TDrafts = Partial<Record<TSystemSettingKey, string>>;

/**
 * Admin > System Settings (spec 03): a card per key the server knows, one Save that sends one POST per changed
 * key (an empty value is not saved; a negative or malformed one is refused here, and the server checks again), and
 * Reset (after a confirmation) restoring the defaults.
 */
export function SettingsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: settings, isLoading, isFetching, isError, refetch } = useAdminSettingsQuery();
  // Names for "updated by": the admin user list (already cached when All Users was opened).
  const { data: users } = useAdminUsersQuery(ADMINS_QUERY);
  const [updateSetting] = useUpdateSettingMutation();
  const [resetSettings, { isLoading: resetting }] = useResetSettingsMutation();
  const [drafts, setDrafts] = useState<TDrafts>({});
  const [saving, setSaving] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);

  const plan = useMemo(() => planSettingsSave(settings ?? [], drafts), [settings, drafts]);
  const nameOf = (id: string | null): string | null => {
    if (!id) return null;
    const user = users?.items.find((u) => u.id === id);
    if (!user) return null;
    const name = `${user.firstName} ${user.lastName}`.trim();
    return name ? `${name} (${user.email})` : user.email;
  };

  const save = async () => {
    if (plan.refused.length > 0 || plan.toSave.length === 0) return;
    setSaving(true);
    const saved: TSystemSettingKey[] = [];
    let failure: unknown = null;
    for (const change of plan.toSave) {
      try {
        await updateSetting(change).unwrap();
        saved.push(change.settingKey);
      } catch (error) {
        failure = error;
        break;
      }
    }
    setDrafts((current) => {
      const next = { ...current };
      for (const key of saved) delete next[key];
      return next;
    });
    setSaving(false);
    // Save and Reset are one action for the toasts: the success of either replaces an earlier 'Save Error'.
    if (failure) toast({ title: t('admin.settings.saveError'), description: serverMessageOf(failure) ?? t('admin.settings.saveFailed'), variant: 'destructive', action: 'settings.save' });
    else toast({ title: t('admin.settings.saved'), action: 'settings.save' });
  };

  const reset = async () => {
    try {
      await resetSettings().unwrap();
      setDrafts({});
      setConfirmingReset(false);
      toast({ title: t('admin.settings.resetDone'), action: 'settings.save' });
    } catch (error) {
      setConfirmingReset(false);
      toast({ title: t('admin.settings.saveError'), description: serverMessageOf(error) ?? t('admin.settings.saveFailed'), variant: 'destructive', action: 'settings.save' });
    }
  };

  const shown = SYSTEM_SETTING_KEYS.flatMap((key) => {
    const setting = settings?.find((s) => s.settingKey === key);
    return setting ? [{ key, setting }] : [];
  });

  return (
    <div className="admin-section" data-testid="settings-section">
      <div className="admin-toolbar">
        <p className="muted" style={{ margin: 0 }}>
          {t('admin.settings.intro')}
        </p>
        <div className="admin-settings-actions">
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('common.refresh')}
          </Button>
          <Button icon={<UndoOutlined />} loading={resetting} disabled={!settings} onClick={() => setConfirmingReset(true)}>
            {t('admin.settings.reset')}
          </Button>
          <ConfirmDialog
            open={confirmingReset}
            title={t('admin.settings.resetConfirmTitle')}
            confirmLabel={t('admin.settings.resetOk')}
            danger
            loading={resetting}
            onConfirm={() => void reset()}
            onCancel={() => setConfirmingReset(false)}
            testId="settings-reset-confirm"
          >
            <p>{t('admin.settings.resetConfirm')}</p>
          </ConfirmDialog>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={saving || plan.toSave.length === 0 || plan.refused.length > 0}
            onClick={() => void save()}
          >
            {t('common.save')}
          </Button>
        </div>
      </div>
      {isError && <Alert type="error" showIcon title={t('admin.settings.loadFailed')} />}
      {isLoading && (
        <div className="center-block">
          <Spin />
        </div>
      )}
      <div className="admin-settings-grid">
        {shown.map(({ key, setting }) => {
          const draft = drafts[key];
          const changed = draft !== undefined && !sameSettingValue(key, setting.settingValue, draft);
          return (
            <SettingCard
              key={key}
              settingKey={key}
              setting={setting}
              value={draft ?? setting.settingValue}
              changed={changed}
              updatedByName={nameOf(setting.updatedBy)}
              onChange={(value) => setDrafts((current) => ({ ...current, [key]: value }))}
            />
          );
        })}
        {settings && <WelcomeVideoCard nameOf={nameOf} />}
      </div>
    </div>
  );
}
