import type { TSystemSetting, TSystemSettingKey } from '@platform/contracts';
import { Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SETTING_KINDS, settingProblem, textSettingMaxLength } from '../../../../features/settings/settingsForm';
import { useFormat } from '../../../../app/format';

type TTextSettingKey = 'platform_name' | 'operator_legal_name' | 'operator_address' | 'operator_contact';

const UNITS: Record<Exclude<TSystemSettingKey, TTextSettingKey>, 'usd' | 'days' | 'hours' | 'tasks' | 'usdPerHour' | 'onOff' | 'everyNth'> = {
  starting_balance: 'usd',
  minimum_withdrawal: 'usd',
  auto_approval_days: 'days',
  wallet_cooldown_hours: 'hours',
  chat_archive_days: 'days',
  verification_retention_days: 'days',
  max_live_assignments: 'tasks',
  assignment_time_limit_hours: 'hours',
  withdrawal_decision_hours: 'hours',
  minimum_hourly_rate: 'usdPerHour',
  top_up_underpaid: 'onOff',
  appeal_window_days: 'days',
  appeal_decision_days: 'days',
  bulk_spot_check_every: 'everyNth',
};

/** One setting: its title and description, the input (cents for amounts, whole numbers, or a line of text), who changed it and when. */
export function SettingCard({
  settingKey,
  setting,
  value,
  changed,
  updatedByName,
  onChange,
}: {
  settingKey: TSystemSettingKey;
  setting: TSystemSetting;
  value: string;
  changed: boolean;
  updatedByName: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = `setting-${settingKey}`;
  const amount = SETTING_KINDS[settingKey] === 'amount';
  const problem = changed ? settingProblem(settingKey, value) : null;
  const status = problem === 'empty' ? 'warning' : problem ? 'error' : undefined;
  return (
    <section className="admin-setting-card" data-testid={id}>
      <div className="admin-setting-head">
        <label htmlFor={id} className="admin-setting-title">
          {t(`admin.settings.keys.${settingKey}.title`)}
        </label>
        {changed && problem === null && <Tag color="gold">{t('admin.settings.unsaved')}</Tag>}
      </div>
      <p className="muted small admin-setting-description">{t(`admin.settings.keys.${settingKey}.description`)}</p>
      {SETTING_KINDS[settingKey] === 'text' ? (
        <Input id={id} maxLength={textSettingMaxLength(settingKey)} showCount value={value} status={status} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input
          id={id}
          type="number"
          inputMode={amount ? 'decimal' : 'numeric'}
          step={amount ? '0.01' : '1'}
          min="0"
          prefix={amount ? '$' : undefined}
          suffix={<span className="muted small">{t(`admin.settings.units.${UNITS[settingKey as Exclude<TSystemSettingKey, TTextSettingKey>]}`)}</span>}
          value={value}
          status={status}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {problem && (
        <div className={`admin-setting-problem ${problem === 'empty' ? 'warn' : 'error'}`} role="alert">
          {t(`admin.settings.problems.${problem}`, { max: textSettingMaxLength(settingKey) })}
        </div>
      )}
      <div className="muted small admin-setting-meta">
        {changed && <div>{t('admin.settings.current', { value: setting.settingValue })}</div>}
        <div data-testid={`${id}-updated`}>
          {setting.updatedBy === null
            ? t('admin.settings.neverChanged')
            : t('admin.settings.updated', {
                date: format.dateTime(setting.updatedAt),
                who: updatedByName ?? t('admin.settings.unknownAdmin', { id: setting.updatedBy }),
              })}
        </div>
      </div>
    </section>
  );
}
