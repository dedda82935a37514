import { Alert, Button, Input, Modal } from 'antd';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TApiError } from '../../app/baseQuery';
import { FieldError, fieldA11y } from '../../components/forms/FieldError';
import { serverMessageOf } from '../../app/errorMessage';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useToast } from '../../components/toast';
import { formatDateTime, formatMoney } from '../../app/format';
import { createIdempotencyKeeper, outcomeUnknown, type TIdempotencyKeeper } from './idempotency';
import { formatFee, parseCents, shortenAddress } from './money';
import { useCreateWithdrawalMutation, useLedgerBalanceQuery, usePayoutWalletsQuery, usePublicSettingsQuery } from './payouts.api';
import { useRefreshCurrentUser } from './useRefreshCurrentUser';
import { isWithdrawalFormFilled, toWithdrawalRequest, validateWithdrawal, type TWithdrawalFormValues, type TWithdrawalProblem } from './withdrawalForm';
import './payouts.css';

/** Spec 02 s.9: the default minimum until the settings answer. */
export const DEFAULT_MINIMUM_WITHDRAWAL = '50.00';

/**
 * One keeper for the app: a request whose outcome is unknown (network error) keeps its key even when the dialog is
 * closed and opened again, so sending it again cannot create a second withdrawal.
 */
const sharedKeeper = createIdempotencyKeeper();

function statusOf(error: unknown): TApiError['status'] | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = (error as { status: unknown }).status;
  return typeof status === 'number' || status === 'FETCH_ERROR' ? status : undefined;
}

/** The client's amount checks, shown under the amount field (a title and the rule, as spec 02 s.8 words them). */
function AmountProblem({ problem }: { problem: Exclude<TWithdrawalProblem, { kind: 'fillAllFields' }> }) {
  const { t } = useTranslation();
  switch (problem.kind) {
    case 'invalidAmount':
      return <>{t('payouts.validation.invalidAmount')}</>;
    case 'amountTooLow':
      return (
        <>
          <strong>{t('payouts.validation.amountTooLowTitle')}</strong> <span>{t('payouts.validation.amountTooLow', { minimum: problem.minimum })}</span>
        </>
      );
    case 'insufficientFunds':
      return (
        <>
          <strong>{t('payouts.validation.insufficientFundsTitle')}</strong> <span>{t('payouts.validation.insufficientFunds')}</span>
        </>
      );
  }
}

const EMPTY: TWithdrawalFormValues = { currency: '', amount: '', walletAddress: '' };

/**
 * The withdrawal dialog (spec 02 s.5, s.8): currency with its network fee, amount in USD, wallet address (saved
 * wallets of the currency offered). The client checks run first; the server checks everything again.
 */
export function WithdrawDialog({ open, onClose, keeper = sharedKeeper }: { open: boolean; onClose: () => void; keeper?: TIdempotencyKeeper }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const refreshUser = useRefreshCurrentUser();
  const settings = usePublicSettingsQuery();
  const balance = useLedgerBalanceQuery();
  const wallets = usePayoutWalletsQuery();
  const [createWithdrawal, { isLoading: sending }] = useCreateWithdrawalMutation();
  const [values, setValues] = useState<TWithdrawalFormValues>(EMPTY);
  const [problem, setProblem] = useState<TWithdrawalProblem | null>(null);
  const fieldErrors = useFieldErrors(['amount', 'currency', 'walletAddress']);
  const [unanswered, setUnanswered] = useState(false);
  const submitting = useRef(false);

  const currencies = settings.data?.currencies ?? [];
  const chosen = currencies.find((c) => c.value === values.currency);
  const minimum = settings.data?.minimumWithdrawal ?? DEFAULT_MINIMUM_WITHDRAWAL;
  const available = balance.data && !balance.isError ? balance.data.available : null;
  const cooldownHours = Number(settings.data?.walletCooldownHours ?? '0');
  const savedForCurrency = useMemo(() => (wallets.data ?? []).filter((w) => w.currency === values.currency), [wallets.data, values.currency]);
  const filled = isWithdrawalFormFilled(values);
  // Said before any typing (issue 10): the balance cannot reach the minimum, so no request can pass yet.
  const availableCents = parseCents(available);
  const minimumCents = parseCents(minimum);
  const belowMinimum = availableCents !== null && minimumCents !== null && availableCents < minimumCents;

  const change = (patch: Partial<TWithdrawalFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setProblem(null);
    for (const field of Object.keys(patch) as (keyof TWithdrawalFormValues)[]) fieldErrors.clear(field);
    if ('currency' in patch) fieldErrors.clear('walletAddress');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting.current) return;
    const found = validateWithdrawal(values, { minimum, available });
    setProblem(found);
    fieldErrors.clearAll();
    if (found) return;
    const body = toWithdrawalRequest(values);
    const idempotencyKey = keeper.keyFor(JSON.stringify(body));
    submitting.current = true;
    try {
      await createWithdrawal({ body, idempotencyKey }).unwrap();
      keeper.settle(false);
      setUnanswered(false);
      // Replaces an earlier 'Error' of this action.
      toast({ title: t('payouts.toast.createdTitle'), description: t('payouts.toast.createdText'), action: 'withdrawal.create' });
      void refreshUser();
      setValues(EMPTY);
      onClose();
    } catch (error) {
      const unknown = outcomeUnknown(statusOf(error));
      keeper.settle(unknown);
      setUnanswered(unknown);
      // A refused field (amount under the minimum, a wallet address that does not fit) is shown under it.
      if (fieldErrors.showServerError(error)) {
        toast.dismiss('withdrawal.create');
        return;
      }
      const message = typeof (error as Partial<TApiError> | null)?.status === 'number' ? serverMessageOf(error) : undefined;
      toast({ title: t('payouts.toast.errorTitle'), description: message ?? t('payouts.toast.createFailed'), variant: 'destructive', action: 'withdrawal.create' });
    } finally {
      submitting.current = false;
    }
  };

  const amountError = problem && problem.kind !== 'fillAllFields' ? <AmountProblem problem={problem} /> : fieldErrors.errorOf('amount');
  return (
    <Modal
      open={open}
      title={t('payouts.dialog.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" disabled={!filled || sending} onClick={() => void submit()}>
          {sending ? t('payouts.dialog.submitting') : t('payouts.dialog.submit')}
        </Button>,
      ]}
    >
      <form className="withdraw-form" noValidate onSubmit={(e) => void submit(e)} data-testid="withdraw-form">
        {settings.isError && <Alert type="warning" showIcon title={t('payouts.dialog.settingsFailed')} />}
        {belowMinimum && (
          <Alert
            type="warning"
            showIcon
            data-testid="below-minimum"
            title={t('payouts.dialog.belowMinimumTitle')}
            description={t('payouts.dialog.belowMinimum', { available: formatMoney(available ?? '0', i18n.language), minimum: formatMoney(minimum, i18n.language) })}
          />
        )}
        <div className="withdraw-field">
          <label htmlFor="withdraw-currency">{t('payouts.dialog.currency')}</label>
          <select
            id="withdraw-currency"
            className="native-select"
            value={values.currency}
            aria-invalid={fieldErrors.errorOf('currency') ? true : undefined}
            aria-describedby={fieldErrors.errorOf('currency') ? 'withdraw-currency-error' : undefined}
            onChange={(e) => change({ currency: e.target.value, walletAddress: '' })}
          >
            <option value="">{t('payouts.dialog.currencyPlaceholder')}</option>
            {currencies.map((c) => (
              <option key={c.value} value={c.value}>
                {`${c.label} · ${t('payouts.dialog.networkFee', { fee: formatFee(c.networkFee, c.value) })}`}
              </option>
            ))}
          </select>
          {chosen && <div className="withdraw-field-hint">{t('payouts.dialog.networkFee', { fee: formatFee(chosen.networkFee, chosen.value) })}</div>}
          <FieldError id="withdraw-currency-error" message={fieldErrors.errorOf('currency')} />
        </div>

        <div className="withdraw-field">
          <label htmlFor="withdraw-amount">{t('payouts.dialog.amount')}</label>
          <Input
            id="withdraw-amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            prefix="$"
            size="large"
            value={values.amount}
            onChange={(e) => change({ amount: e.target.value })}
            {...fieldA11y('withdraw-amount-error', amountError)}
          />
          <div className="withdraw-field-hint">
            {t('payouts.dialog.amountHint', { available: available === null ? t('payouts.common.notAvailable') : formatMoney(available, i18n.language), minimum: formatMoney(minimum, i18n.language) })}
          </div>
          <FieldError id="withdraw-amount-error" message={amountError} testId="withdraw-amount-error" />
        </div>

        {values.currency !== '' && (
          <div className="withdraw-field">
            {savedForCurrency.length > 0 ? (
              <>
                <label htmlFor="withdraw-saved-wallet">{t('payouts.dialog.savedWallets')}</label>
                <select
                  id="withdraw-saved-wallet"
                  className="native-select"
                  value={savedForCurrency.some((w) => w.address === values.walletAddress) ? values.walletAddress : ''}
                  onChange={(e) => change({ walletAddress: e.target.value })}
                >
                  <option value="">{t('payouts.dialog.savedWalletsPlaceholder')}</option>
                  {savedForCurrency.map((w) => {
                    const notYet = cooldownHours > 0 && new Date(w.usableFrom).getTime() > Date.now();
                    const name = `${w.label ? `${w.label} · ` : ''}${shortenAddress(w.address)}`;
                    return (
                      <option key={w.id} value={w.address} disabled={notYet}>
                        {notYet ? `${name} (${t('payouts.dialog.notUsableYet', { date: formatDateTime(w.usableFrom, i18n.language) })})` : name}
                      </option>
                    );
                  })}
                </select>
              </>
            ) : (
              <div className="withdraw-field-hint">{t('payouts.dialog.noSavedWallets', { currency: values.currency })}</div>
            )}
          </div>
        )}

        {cooldownHours > 0 && <Alert type="info" showIcon title={t('payouts.dialog.cooldown', { count: cooldownHours })} />}

        <div className="withdraw-field">
          <label htmlFor="withdraw-wallet">{t('payouts.dialog.wallet')}</label>
          <Input
            id="withdraw-wallet"
            size="large"
            autoComplete="off"
            spellCheck={false}
            className="mono"
            placeholder={t('payouts.dialog.walletPlaceholder', { currency: values.currency || '' })}
            value={values.walletAddress}
            onChange={(e) => change({ walletAddress: e.target.value })}
            {...fieldA11y('withdraw-wallet-error', fieldErrors.errorOf('walletAddress'))}
          />
          <FieldError id="withdraw-wallet-error" message={fieldErrors.errorOf('walletAddress')} testId="withdraw-wallet-error" />
        </div>

        {problem?.kind === 'fillAllFields' && <Alert type="error" showIcon title={t('payouts.validation.fillAllFields')} role="alert" />}
        {unanswered && <Alert type="warning" showIcon title={t('payouts.dialog.retryNote')} />}
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

export default WithdrawDialog;
