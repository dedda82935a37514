import type { TAdminWithdrawal, TDecideWithdrawalRequest } from '@platform/contracts';
import { Alert, Button, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TApiError } from '../../../../app/baseQuery';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { FieldError, fieldA11y } from '../../../../components/forms/FieldError';
import { serverMessageOf } from '../../../../app/errorMessage';
import { useFieldErrors } from '../../../../components/forms/useFieldErrors';
import { useToast } from '../../../../components/toast';
import { useFormat } from '../../../../app/format';
import { formatFee, shortenAddress } from '../../../../features/payouts/money';
import { useDecideWithdrawalMutation } from '../../../../features/payouts/payouts.api';

type TDecision = 'approved' | 'rejected';

/** What the dialog may send: approve needs a transaction reference, reject a comment (spec 03 s.5). */
export function decisionProblem(decision: TDecision, txReference: string, comment: string): 'txReferenceRequired' | 'commentRequired' | null {
  if (decision === 'approved' && txReference.trim() === '') return 'txReferenceRequired';
  if (decision === 'rejected' && comment.trim() === '') return 'commentRequired';
  return null;
}

interface TDecisionDialogProps {
  withdrawal: TAdminWithdrawal;
  open?: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * The approve/reject dialog of the admin Withdrawals section. Approve records the payout's transaction reference
 * (required) and an optional comment, and is confirmed in a second dialog that says who gets what; reject needs a
 * comment, which the worker sees. Render it with `key={withdrawal.id}`: nothing typed for one worker is kept for the
 * next.
 */
export function DecisionDialog({ withdrawal, open = true, onClose, afterClose }: TDecisionDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [decide, { isLoading }] = useDecideWithdrawalMutation();
  const [decision, setDecision] = useState<TDecision>('approved');
  const [txReference, setTxReference] = useState('');
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const fieldErrors = useFieldErrors({ txReference: 'txReference', adminComment: 'adminComment' });
  const problem = decisionProblem(decision, txReference, comment);
  const action = `withdrawal.decide:${withdrawal.id}`;

  const review = () => {
    setTouched(true);
    if (problem) return;
    // Paying out is confirmed in words first; a rejection returns the money to the worker and goes at once.
    if (decision === 'approved') setConfirming(true);
    else void confirm();
  };

  const confirm = async () => {
    setTouched(true);
    if (problem) return;
    fieldErrors.clearAll();
    const body: TDecideWithdrawalRequest =
      decision === 'approved'
        ? { status: 'approved', txReference: txReference.trim(), ...(comment.trim() ? { adminComment: comment.trim() } : {}) }
        : { status: 'rejected', adminComment: comment.trim() };
    try {
      await decide({ id: withdrawal.id, body }).unwrap();
      setConfirming(false);
      toast({ title: t('payouts.admin.processed'), action });
      onClose();
    } catch (error) {
      setConfirming(false);
      if (fieldErrors.showServerError(error)) {
        toast.dismiss(action);
        return;
      }
      toast({ title: t('payouts.admin.errorTitle'), description: serverMessageOf(error) ?? t('payouts.admin.processFailed'), variant: 'destructive', action });
      // Someone else decided it: nothing left to do here (the list has been refreshed).
      if ((error as Partial<TApiError> | null)?.status === 409) onClose();
    }
  };

  const name = `${withdrawal.user.firstName} ${withdrawal.user.lastName}`.trim() || t('payouts.admin.unknownUser');
  return (
    <Modal
      open={open}
      title={t('payouts.admin.dialogTitle')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          danger={decision === 'rejected'}
          loading={isLoading}
          disabled={problem !== null || isLoading}
          onClick={review}
        >
          {decision === 'approved' ? t('payouts.admin.approve') : t('payouts.admin.reject')}
        </Button>,
      ]}
    >
      {withdrawal.closing && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('payouts.admin.closingNote')} data-testid="closing-withdrawal" />}
      <dl className="payout-fields" style={{ marginBottom: 16 }}>
        <dt>{t('payouts.admin.user')}</dt>
        <dd>
          {name} <span className="muted">{withdrawal.user.email}</span>
        </dd>
        <dt>{t('payouts.admin.amount')}</dt>
        <dd>
          <strong>{format.money(withdrawal.amount)}</strong> USD
        </dd>
        <dt>{t('payouts.admin.fee')}</dt>
        <dd>{formatFee(withdrawal.networkFee, withdrawal.currency)}</dd>
        <dt>{t('payouts.admin.wallet')}</dt>
        <dd className="mono">{withdrawal.walletAddress}</dd>
      </dl>
      <div className="withdraw-form">
        <div className="withdraw-field">
          <span style={{ display: 'block', fontWeight: 500, marginBottom: 4 }}>{t('payouts.admin.decision')}</span>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={decision}
            onChange={(e) => setDecision(e.target.value as TDecision)}
            options={[
              { value: 'approved', label: t('payouts.admin.approve') },
              { value: 'rejected', label: t('payouts.admin.reject') },
            ]}
          />
        </div>
        {decision === 'approved' && (
          <div className="withdraw-field">
            <label htmlFor="decision-tx-reference">{t('payouts.admin.txReferenceLabel')}</label>
            <Input
              id="decision-tx-reference"
              className="mono"
              maxLength={200}
              placeholder={t('payouts.admin.txReferencePlaceholder')}
              value={txReference}
              onChange={(e) => {
                setTxReference(e.target.value);
                fieldErrors.clear('txReference');
              }}
              onBlur={() => setTouched(true)}
              status={touched && problem === 'txReferenceRequired' ? 'error' : undefined}
              {...fieldA11y('decision-tx-reference-error', fieldErrors.errorOf('txReference'))}
            />
            <FieldError id="decision-tx-reference-error" message={fieldErrors.errorOf('txReference')} />
          </div>
        )}
        <div className="withdraw-field">
          <label htmlFor="decision-comment">{decision === 'approved' ? t('payouts.admin.commentOptional') : t('payouts.admin.commentLabel')}</label>
          <Input.TextArea
            id="decision-comment"
            rows={3}
            maxLength={1000}
            placeholder={t('payouts.admin.commentPlaceholder')}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              fieldErrors.clear('adminComment');
            }}
            onBlur={() => setTouched(true)}
            status={touched && problem === 'commentRequired' ? 'error' : undefined}
            {...fieldA11y('decision-comment-error', fieldErrors.errorOf('adminComment'))}
          />
          <FieldError id="decision-comment-error" message={fieldErrors.errorOf('adminComment')} />
        </div>
        {problem && (
          <Alert
            type={touched ? 'error' : 'info'}
            showIcon
            title={problem === 'txReferenceRequired' ? t('payouts.admin.txReferenceRequired') : t('payouts.admin.commentRequired')}
          />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('payouts.admin.confirmPaidTitle')}
        confirmLabel={t('payouts.admin.confirmPaidOk', { amount: format.money(withdrawal.amount) })}
        cancelLabel={t('common.cancel')}
        loading={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        testId="payout-confirm"
      >
        <p className="confirm-dialog-lead">{t('payouts.admin.confirmPaid', { amount: format.money(withdrawal.amount), name })}</p>
        <p className="muted">
          {t('payouts.admin.confirmPaidText', {
            fee: formatFee(withdrawal.networkFee, withdrawal.currency),
            currency: withdrawal.currency,
            wallet: shortenAddress(withdrawal.walletAddress, 10, 8),
            reference: shortenAddress(txReference.trim(), 10, 8),
          })}
        </p>
      </ConfirmDialog>
    </Modal>
  );
}
