import type { TAdminVerification } from '@platform/contracts';
import { Alert, Button, Input, Modal, Spin, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../../app/errorMessage';
import { FieldError, fieldA11y } from '../../../../components/forms/FieldError';
import { useToast } from '../../../../components/toast';
import { useFormat } from '../../../../app/format';
import { useAdminVerificationQuery, useDecideVerificationMutation } from '../../../../features/verification/verification.api';
import { VerificationImage } from './VerificationImage';

export const STATUS_COLORS: Record<TAdminVerification['status'], string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/**
 * The review dialog (spec 03 Verifications): the submitted fields (the document number whole, only here), both
 * photos side by side with zoom, Approve, or Reject with a required reason.
 */
export function ReviewVerificationDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const { data: v, isLoading, isError } = useAdminVerificationQuery(id);
  const [decide, { isLoading: deciding }] = useDecideVerificationMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const send = async (status: 'approved' | 'rejected') => {
    if (status === 'rejected' && !reason.trim()) {
      setReasonError(t('verification.admin.reasonRequired'));
      return;
    }
    try {
      await decide({ id, status, ...(status === 'rejected' ? { reason: reason.trim() } : {}) }).unwrap();
      toast({ title: t(status === 'approved' ? 'verification.admin.toasts.approved' : 'verification.admin.toasts.rejected') });
      onClose();
    } catch (error) {
      toast({ title: t('verification.admin.toasts.failed'), description: errorMessageOf(error), variant: 'destructive' });
    }
  };

  const fields: [string, ReactNode][] = v
    ? [
        [t('verification.admin.fields.user'), `${v.userName ?? ''} ${v.userEmail ? `(${v.userEmail})` : ''}`.trim()],
        [t('verification.admin.fields.fullName'), v.fullName],
        [t('verification.admin.fields.dateOfBirth'), v.dateOfBirth],
        [t('verification.admin.fields.address'), v.address],
        [t('verification.admin.fields.city'), v.city],
        [t('verification.admin.fields.country'), v.country],
        [t('verification.admin.fields.postalCode'), v.postalCode],
        [t('verification.admin.fields.documentType'), t(`verification.dialog.documentTypes.${v.documentType}`)],
        [t('verification.admin.fields.documentNumber'), <span className="mono" data-testid="review-document-number">{v.documentNumber}</span>],
        [t('verification.admin.fields.submittedAt'), format.dateTime(v.submittedAt)],
        [t('verification.admin.fields.status'), <Tag color={STATUS_COLORS[v.status]}>{t(`verification.admin.statuses.${v.status}`)}</Tag>],
        ...(v.rejectionReason ? ([[t('verification.admin.fields.reason'), v.rejectionReason]] as [string, ReactNode][]) : []),
        ...(v.reviewedAt ? ([[t('verification.admin.fields.reviewedAt'), format.dateTime(v.reviewedAt)]] as [string, ReactNode][]) : []),
      ]
    : [];

  const footer =
    v?.status === 'pending'
      ? rejecting
        ? [
            <Button key="back" onClick={() => setRejecting(false)} disabled={deciding}>
              {t('common.cancel')}
            </Button>,
            <Button key="confirm" danger type="primary" loading={deciding} onClick={() => void send('rejected')} data-testid="verification-confirm-reject">
              {t('verification.admin.confirmReject')}
            </Button>,
          ]
        : [
            <Button key="reject" danger onClick={() => setRejecting(true)} data-testid="verification-reject">
              {t('verification.admin.reject')}
            </Button>,
            <Button key="approve" type="primary" loading={deciding} onClick={() => void send('approved')} data-testid="verification-approve">
              {t('verification.admin.approve')}
            </Button>,
          ]
      : [
          <Button key="close" type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>,
        ];

  return (
    <Modal open width={920} title={t('verification.admin.dialogTitle')} onCancel={onClose} destroyOnHidden footer={footer}>
      {isLoading && <Spin />}
      {isError && <Alert type="error" showIcon title={t('verification.admin.userFailed')} />}
      {v && (
        <div data-testid="verification-review">
          <dl className="payout-fields admin-user-fields">
            {fields.map(([label, value]) => (
              <div key={label} className="admin-user-field">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="admin-section-title">{t('verification.admin.imagesTitle')}</h3>
          {v.hasImages ? (
            <div className="verification-images">
              <VerificationImage verificationId={v.id} file="selfie" label={t('verification.admin.selfie')} />
              <VerificationImage verificationId={v.id} file="document" label={t('verification.admin.document')} />
            </div>
          ) : (
            <Alert type="info" showIcon title={t('verification.admin.imagesGone')} />
          )}
          {rejecting && (
            <div style={{ marginTop: 16 }}>
              <label htmlFor="verification-reason">{t('verification.admin.reasonLabel')}</label>
              <Input.TextArea
                id="verification-reason"
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(undefined);
                }}
                {...fieldA11y('verification-reason-error', reasonError)}
              />
              <FieldError id="verification-reason-error" message={reasonError} />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
