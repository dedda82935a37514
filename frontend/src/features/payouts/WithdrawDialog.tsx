import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal } from 'antd';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TApiError } from '../../app/baseQuery';
import { FieldError, fieldA11y } from '../../components/forms/FieldError';
import { serverMessageOf } from '../../app/errorMessage';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useToast } from '../../components/toast';
import { formatDateTime, formatMoney, useFormat } from '../../app/format';
import { createIdempotencyKeeper, outcomeUnknown, type TIdempotencyKeeper } from './idempotency';
import { formatFee, parseCents, shortenAddress } from './money';
import { useCreateClosingWithdrawalMutation, useCreateWithdrawalMutation, useLedgerBalanceQuery, usePayoutWalletsQuery, usePublicSettingsQuery } from './payouts.api';
import { useRefreshCurrentUser } from './useRefreshCurrentUser';
import { isWithdrawalFormFilled, toWithdrawalRequest, validateWithdrawal, type TWithdrawalFormValues, type TWithdrawalProblem } from './withdrawalForm';
import { arrivalOf, missingFields, type TArrival } from './withdrawalReadiness';
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

/** What will arrive after the network fee, in words (issue 28 item 3). */
function ArrivalNote({ arrival }: { arrival: TArrival }) {
  const format = useFormat();
  const { t } = useTranslation();
  const fee = formatFee(arrival.fee, arrival.currency);
  if (arrival.kind === 'converted') return <>{t('payouts.dialog.arrivalConverted', { amount: format.money(arrival.amount), currency: arrival.currency, fee })}</>;
  if (arrival.tooSmall) return <>{t('payouts.dialog.arrivalTooSmall', { amount: format.money(arrival.amount), fee })}</>;
  return <>{t('payouts.dialog.arrivalPegged', { net: `${arrival.net} ${arrival.currency}`, amount: format.money(arrival.amount), fee })}</>;
}

/**
 * The withdrawal dialog (spec 02 s.5, s.8): currency with its network fee, amount in USD, wallet address (saved
 * wallets of the currency offered; the only saved wallet is chosen at once). A disabled Submit says what is missing,
 * and what will arrive after the network fee is shown before sending (issue 28 item 3). The client checks run first;
 * the server checks everything again.
 * `closing` (Profile > Delete account, issue 28 item 4): the whole available balance, whatever the minimum, through
 * POST /api/withdrawals/closing; the amount is not editable.
 */
export function WithdrawDialog({
  open,
  onClose,
  keeper = sharedKeeper,
  closing = false,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  keeper?: TIdempotencyKeeper;
  closing?: boolean;
  /** After a request was created (before onClose). */
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const refreshUser = useRefreshCurrentUser();
  const settings = usePublicSettingsQuery();
  const balance = useLedgerBalanceQuery();
  const wallets = usePayoutWalletsQuery();
  const [createWithdrawal, { isLoading: sendingOrdinary }] = useCreateWithdrawalMutation();
  const [createClosingWithdrawal, { isLoading: sendingClosing }] = useCreateClosingWithdrawalMutation();
  const sending = sendingOrdinary || sendingClosing;
  const [entered, setValues] = useState<TWithdrawalFormValues>(EMPTY);
  const [problem, setProblem] = useState<TWithdrawalProblem | null>(null);
  const fieldErrors = useFieldErrors(['amount', 'currency', 'walletAddress']);
  const [unanswered, setUnanswered] = useState(false);
  const submitting = useRef(false);

  const currencies = settings.data?.currencies ?? [];
  const minimum = settings.data?.minimumWithdrawal ?? DEFAULT_MINIMUM_WITHDRAWAL;
  const available = balance.data && !balance.isError ? balance.data.available : null;
  const cooldownHours = Number(settings.data?.walletCooldownHours ?? '0');
  // Closing: the amount is the whole available balance (what the server will take), never typed.
  const values = closing ? { ...entered, amount: available !== null && parseCents(available) !== 0n ? available : '' } : entered;
  const chosen = currencies.find((c) => c.value === values.currency);
  const savedForCurrency = useMemo(() => (wallets.data ?? []).filter((w) => w.currency === values.currency), [wallets.data, values.currency]);
  const filled = isWithdrawalFormFilled(values);
  const missing = missingFields(values);
  const arrival = arrivalOf(values.amount, chosen);
  // Said before any typing (issue 10): the balance cannot reach the minimum, so no request can pass yet.
  const availableCents = parseCents(available);
  const minimumCents = parseCents(minimum);
  const belowMinimum = !closing && availableCents !== null && minimumCents !== null && availableCents < minimumCents;
  const usable = (w: { usableFrom: string }) => !(cooldownHours > 0 && new Date(w.usableFrom).getTime() > Date.now());
  /** The one saved wallet of a currency that can receive a payout now, if there is exactly one. */
  const onlyWalletFor = (currency: string) => {
    const saved = (wallets.data ?? []).filter((w) => w.currency === currency);
    return saved.length === 1 && usable(saved[0]!) ? saved[0] : undefined;
  };

  // The only saved wallet is chosen at once (currency and address), unless the worker already chose something.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !wallets.data) return;
    preselected.current = true;
    const only = wallets.data.length === 1 ? wallets.data[0] : undefined;
    if (!only || !usable(only)) return;
    setValues((v) => (v.currency === '' && v.walletAddress === '' ? { ...v, currency: only.currency, walletAddress: only.address } : v));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wallets first arrive
  }, [wallets.data]);

  const change = (patch: Partial<TWithdrawalFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setProblem(null);
    for (const field of Object.keys(patch) as (keyof TWithdrawalFormValues)[]) fieldErrors.clear(field);
    if ('currency' in patch) fieldErrors.clear('walletAddress');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting.current) return;
    // Closing waives the minimum; the amount is the balance itself.
    const found = closing ? (filled ? null : ({ kind: 'fillAllFields' } as const)) : validateWithdrawal(values, { minimum, available });
    setProblem(found);
    fieldErrors.clearAll();
    if (found) return;
    const body = toWithdrawalRequest(values);
    const idempotencyKey = keeper.keyFor(JSON.stringify(closing ? { closing, currency: body.currency, walletAddress: body.walletAddress } : body));
    submitting.current = true;
    try {
      if (closing) await createClosingWithdrawal({ body: { currency: body.currency, walletAddress: body.walletAddress }, idempotencyKey }).unwrap();
      else await createWithdrawal({ body, idempotencyKey }).unwrap();
      keeper.settle(false);
      setUnanswered(false);
      // Replaces an earlier 'Error' of this action.
      toast({ title: t('payouts.toast.createdTitle'), description: t('payouts.toast.createdText'), action: 'withdrawal.create' });
      void refreshUser();
      setValues(EMPTY);
      onDone?.();
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
      title={closing ? t('payouts.dialog.closingTitle') : t('payouts.dialog.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          disabled={!filled || sending}
          aria-describedby={!filled ? 'withdraw-missing' : undefined}
          onClick={() => void submit()}
        >
          {sending ? t('payouts.dialog.submitting') : closing ? t('payouts.dialog.submitClosing', { amount: formatMoney(values.amount || '0', i18n.language) }) : t('payouts.dialog.submit')}
        </Button>,
      ]}
    >
      <form className="withdraw-form" noValidate onSubmit={(e) => void submit(e)} data-testid="withdraw-form">
        {settings.isError && <Alert type="warning" showIcon title={t('payouts.dialog.settingsFailed')} />}
        <div className="never-pay" data-testid="never-pay">
          <SafetyCertificateOutlined /> <span>{t('payouts.neverPay')}</span>
        </div>
        {closing && (
          <Alert
            type="info"
            showIcon
            data-testid="closing-intro"
            title={available === null ? t('payouts.common.notAvailable') : t('payouts.dialog.closingIntro', { amount: formatMoney(available, i18n.language) })}
          />
        )}
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
            onChange={(e) => change({ currency: e.target.value, walletAddress: onlyWalletFor(e.target.value)?.address ?? '' })}
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
            readOnly={closing}
            value={values.amount}
            onChange={(e) => change({ amount: e.target.value })}
            {...fieldA11y('withdraw-amount-error', amountError)}
          />
          <div className="withdraw-field-hint">
            {closing ? t('payouts.dialog.closingAmountHint') : t('payouts.dialog.amountHint', { available: available === null ? t('payouts.common.notAvailable') : formatMoney(available, i18n.language), minimum: formatMoney(minimum, i18n.language) })}
          </div>
          <FieldError id="withdraw-amount-error" message={amountError} testId="withdraw-amount-error" />
          {arrival && (
            <div className="withdraw-arrival" data-testid="withdraw-arrival" role="status">
              <ArrivalNote arrival={arrival} />
            </div>
          )}
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
                    const notYet = !usable(w);
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

        {!filled && (
          <div id="withdraw-missing" className="withdraw-missing" data-testid="withdraw-missing">
            {t('payouts.dialog.missing', { fields: missing.map((field) => t(`payouts.dialog.fieldName.${field}`)).join(', ') })}
          </div>
        )}
        {problem?.kind === 'fillAllFields' && <Alert type="error" showIcon title={t('payouts.validation.fillAllFields')} role="alert" />}
        {unanswered && <Alert type="warning" showIcon title={t('payouts.dialog.retryNote')} />}
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

export default WithdrawDialog;
