import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { useAdminVerificationsQuery } from '../../../../features/verification/verification.api';
import { STATUS_COLORS } from './ReviewVerificationDialog';

/**
 * All Users > details: the verification data the user applied with (spec 03), newest application first, the
 * document number masked (whole only in the review dialog).
 */
export function UserVerificationInfo({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // A user's applications, newest first: a few (each is limited per user), so one page of 100 holds them.
  const { data, isError } = useAdminVerificationsQuery({ userId, status: 'all', pageSize: 100 });
  const list = data?.items ?? [];
  return (
    <section className="admin-user-verification" data-testid="user-verification">
      <h3 className="admin-section-title">{t('verification.admin.userSection')}</h3>
      {isError && <Alert type="error" showIcon title={t('verification.admin.userFailed')} />}
      {data && list.length === 0 && <div className="muted">{t('verification.admin.userNone')}</div>}
      {list.map((v) => (
        <dl key={v.id} className="payout-fields admin-user-fields">
          <div className="admin-user-field">
            <dt>{t('verification.admin.fields.status')}</dt>
            <dd>
              <Tag color={STATUS_COLORS[v.status]}>{t(`verification.admin.statuses.${v.status}`)}</Tag>
              {v.rejectionReason}
            </dd>
          </div>
          <div className="admin-user-field">
            <dt>{t('verification.admin.fields.fullName')}</dt>
            <dd>{v.fullName}</dd>
          </div>
          <div className="admin-user-field">
            <dt>{t('verification.admin.fields.dateOfBirth')}</dt>
            <dd>{v.dateOfBirth}</dd>
          </div>
          <div className="admin-user-field">
            <dt>{t('verification.admin.fields.address')}</dt>
            <dd>{`${v.address}, ${v.city}, ${v.postalCode}, ${v.country}`}</dd>
          </div>
          <div className="admin-user-field">
            <dt>{t('verification.admin.fields.documentType')}</dt>
            <dd>
              {t(`verification.dialog.documentTypes.${v.documentType}`)} <span className="mono">{v.documentNumber}</span>
            </dd>
          </div>
          <div className="admin-user-field">
            <dt>{t('verification.admin.fields.submittedAt')}</dt>
            <dd>{format.dateTime(v.submittedAt)}</dd>
          </div>
        </dl>
      ))}
    </section>
  );
}
