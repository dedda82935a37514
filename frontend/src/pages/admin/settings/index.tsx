import { ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { useAdminSettingsQuery, useAdminUsersQuery, useResetSettingsMutation, useUpdateSettingMutation } from '../../../features/admin/admin.api';
import { SETTING_KEYS, type TSettingKey } from '../../../features/admin/admin.types';
import { serverMessageOf } from '../../../features/admin/serverMessage';
import { planSettingsSave, sameSettingValue } from '../../../features/admin/settingsForm';
import { SettingCard } from './components/SettingCard';
import './settings.css';

type TDrafts = Partial<Record<TSettingKey, string>>;

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
  const { data: users } = useAdminUsersQuery('');
  const [updateSetting] = useUpdateSettingMutation();
  const [resetSettings, { isLoading: resetting }] = useResetSettingsMutation();
  const [drafts, setDrafts] = useState<TDrafts>({});
  const [saving, setSaving] = useState(false);

  const plan = useMemo(() => planSettingsSave(settings ?? [], drafts), [settings, drafts]);
  const nameOf = (id: string | null): string | null => {
    if (!id) return null;
    const user = users?.users.find((u) => u.id === id);
    if (!user) return null;
    const name = `${user.firstName} ${user.lastName}`.trim();
    return name ? `${name} (${user.email})` : user.email;
  };

  const save = async () => {
    if (plan.refused.length > 0 || plan.toSave.length === 0) return;
    setSaving(true);
    const saved: TSettingKey[] = [];
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
    if (failure) toast({ title: t('admin.settings.saveError'), description: serverMessageOf(failure) ?? t('admin.settings.saveFailed'), variant: 'destructive' });
    else toast({ title: t('admin.settings.saved') });
  };

  const reset = async () => {
    try {
      await resetSettings().unwrap();
      setDrafts({});
      toast({ title: t('admin.settings.resetDone') });
    } catch (error) {
      toast({ title: t('admin.settings.saveError'), description: serverMessageOf(error) ?? t('admin.settings.saveFailed'), variant: 'destructive' });
    }
  };

  const shown = SETTING_KEYS.flatMap((key) => {
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
            {t('admin.common.refresh')}
          </Button>
          <Popconfirm
            title={t('admin.settings.resetConfirmTitle')}
            description={<div style={{ maxWidth: 320 }}>{t('admin.settings.resetConfirm')}</div>}
            okText={t('admin.settings.resetOk')}
            cancelText={t('admin.common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => reset()}
          >
            <Button icon={<UndoOutlined />} loading={resetting} disabled={!settings}>
              {t('admin.settings.reset')}
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={saving || plan.toSave.length === 0 || plan.refused.length > 0}
            onClick={() => void save()}
          >
            {t('admin.settings.save')}
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
      </div>
    </div>
  );
}
