import type { TAdminUser } from '@platform/contracts';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel } from './labels';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type TAuditLogFilters } from '../../../../features/audit/auditLogQuery';

/**
 * The Audit Log's filters: the acting admin (chosen by name; the id is sent), target type and id, action, and a
 * date range (whole UTC days, inclusive). Every change applies at once, except the target id (Enter or leaving the
 * field).
 */
export function AuditFilters({ filters, admins, onChange }: { filters: TAuditLogFilters; admins: TAdminUser[]; onChange: (filters: TAuditLogFilters) => void }) {
  const { t } = useTranslation();
  const [targetId, setTargetId] = useState(filters.targetId ?? '');
  const set = (patch: Partial<TAuditLogFilters>) => onChange({ ...filters, ...patch });
  const applyTargetId = () => {
    if ((filters.targetId ?? '') !== targetId.trim()) set({ targetId: targetId.trim() || undefined });
  };
  const empty = Object.values(filters).every((v) => v === undefined || v === '');

  return (
    <div className="audit-filters" data-testid="audit-filters">
      <div className="audit-filter">
        <label htmlFor="audit-actor">{t('admin.audit.filters.actor')}</label>
        <select id="audit-actor" className="native-select" value={filters.actor ?? ''} onChange={(e) => set({ actor: e.target.value || undefined })}>
          <option value="">{t('admin.audit.filters.actorPlaceholder')}</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {`${admin.firstName} ${admin.lastName}`.trim() ? `${`${admin.firstName} ${admin.lastName}`.trim()} (${admin.email})` : admin.email}
            </option>
          ))}
        </select>
      </div>
      <div className="audit-filter">
        <label htmlFor="audit-action">{t('admin.audit.filters.action')}</label>
        <select id="audit-action" className="native-select" value={filters.action ?? ''} onChange={(e) => set({ action: e.target.value || undefined })}>
          <option value="">{t('admin.audit.filters.actionPlaceholder')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {actionLabel(t, action)}
            </option>
          ))}
        </select>
      </div>
      <div className="audit-filter">
        <label htmlFor="audit-target-type">{t('admin.audit.filters.targetType')}</label>
        <select
          id="audit-target-type"
          className="native-select"
          value={filters.targetType ?? ''}
          onChange={(e) => set({ targetType: e.target.value || undefined })}
        >
          <option value="">{t('admin.audit.filters.targetTypePlaceholder')}</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.audit.targetTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="audit-filter">
        <label htmlFor="audit-target-id">{t('admin.audit.filters.targetId')}</label>
        <Input
          id="audit-target-id"
          allowClear
          placeholder={t('admin.audit.filters.targetIdPlaceholder')}
          value={targetId}
          onChange={(e) => {
            setTargetId(e.target.value);
            if (e.target.value === '' && filters.targetId) set({ targetId: undefined });
          }}
          onPressEnter={applyTargetId}
          onBlur={applyTargetId}
        />
      </div>
      <div className="audit-filter audit-filter-dates">
        <span className="audit-filter-label" id="audit-dates-label">
          {t('admin.audit.filters.dates')}
        </span>
        <div className="audit-dates" role="group" aria-labelledby="audit-dates-label">
          <Input
            type="date"
            aria-label={t('admin.audit.filters.from')}
            data-testid="audit-from"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
          <Input
            type="date"
            aria-label={t('admin.audit.filters.to')}
            data-testid="audit-to"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </div>
      </div>
      <Button
        disabled={empty}
        onClick={() => {
          setTargetId('');
          onChange({});
        }}
      >
        {t('admin.audit.filters.clear')}
      </Button>
    </div>
  );
}
