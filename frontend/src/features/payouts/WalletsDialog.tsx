import type { TPayoutWallet } from '@platform/contracts';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Spin, Tag } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/errorMessage';
import { ConfirmDialog } from '../../components/dialogs/ConfirmDialog';
import { FieldError, fieldA11y } from '../../components/forms/FieldError';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useToast } from '../../components/toast';
import { formatDate, formatDateTime } from '../../app/format';
import { shortenAddress } from './money';
import { useAddPayoutWalletMutation, usePayoutWalletsQuery, usePublicSettingsQuery, useRemovePayoutWalletMutation } from './payouts.api';
import './payouts.css';

function WalletItem({ wallet, cooldown }: { wallet: TPayoutWallet; cooldown: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [remove, { isLoading }] = useRemovePayoutWalletMutation();
  const [confirming, setConfirming] = useState(false);
  const notYet = cooldown && new Date(wallet.usableFrom).getTime() > Date.now();
  const action = `wallet.remove:${wallet.id}`;
  const onRemove = async () => {
    try {
      await remove(wallet.id).unwrap();
      setConfirming(false);
      toast({ title: t('payouts.wallets.removedToast'), action });
    } catch (error) {
      setConfirming(false);
      toast({ title: t('payouts.wallets.failed'), description: errorMessageOf(error) ?? t('payouts.wallets.removeFailedText'), variant: 'destructive', action });
    }
  };
  return (
    <li className="wallet-item" data-testid="wallet-item">
      <div className="wallet-item-body">
        <div>
          <Tag color="blue">{wallet.currency}</Tag>
          {wallet.label && <strong>{wallet.label}</strong>}
        </div>
        <span className="mono" title={wallet.address}>
          {shortenAddress(wallet.address, 10, 8)}
        </span>
        <span className="muted small">{t('payouts.wallets.added', { date: formatDate(wallet.createdAt, i18n.language) })}</span>
        {cooldown && (
          <span className={`small${notYet ? '' : ' muted'}`} style={notYet ? { color: '#b45309' } : undefined}>
            {t('payouts.wallets.usableFrom', { date: formatDateTime(wallet.usableFrom, i18n.language) })}
          </span>
        )}
      </div>
      <Button danger size="small" icon={<DeleteOutlined />} loading={isLoading} onClick={() => setConfirming(true)}>
        {t('payouts.wallets.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('payouts.wallets.removeConfirm')}
        confirmLabel={t('payouts.wallets.removeOk')}
        cancelLabel={t('common.cancel')}
        danger
        loading={isLoading}
        onConfirm={() => void onRemove()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <span className="mono">{shortenAddress(wallet.address, 10, 8)}</span> ({wallet.currency})
        </p>
        <p className="muted">{t('payouts.wallets.removeConfirmText')}</p>
      </ConfirmDialog>
    </li>
  );
}

/**
 * 'Bind Payment Method' (spec 02 Profile, AMENDED): the saved payout wallets, add (currency, address, label; the
 * server checks the address format per currency and its message is shown), remove after a confirmation.
 */
export function WalletsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const settings = usePublicSettingsQuery();
  const wallets = usePayoutWalletsQuery();
  const [add, { isLoading: adding }] = useAddPayoutWalletMutation();
  const [currency, setCurrency] = useState('');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldErrors = useFieldErrors(['currency', 'address', 'label']);
  const cooldownHours = Number(settings.data?.walletCooldownHours ?? '0');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (currency === '' || address.trim() === '') {
      setError(t('payouts.wallets.required'));
      return;
    }
    setError(null);
    fieldErrors.clearAll();
    try {
      await add({ currency, address: address.trim(), label: label.trim() === '' ? null : label.trim() }).unwrap();
      toast({ title: t('payouts.wallets.addedToast'), action: 'wallet.add' });
      setAddress('');
      setLabel('');
    } catch (failure) {
      // A refused field (e.g. 'Please enter a valid Bitcoin (BTC) wallet address') is shown under it, the rest here.
      if (!fieldErrors.showServerError(failure)) setError(errorMessageOf(failure) ?? t('payouts.wallets.failedText'));
    }
  };
  const currencyError = fieldErrors.errorOf('currency');
  const addressError = fieldErrors.errorOf('address');
  const labelError = fieldErrors.errorOf('label');

  return (
    <Modal
      open={open}
      title={t('payouts.wallets.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('payouts.wallets.close')}
        </Button>,
      ]}
    >
      {wallets.isLoading && (
        <div className="center-block">
          <Spin />
        </div>
      )}
      {wallets.isError && <Alert type="error" showIcon title={t('payouts.wallets.loadFailed')} />}
      {wallets.data && wallets.data.length === 0 && <p className="muted">{t('payouts.wallets.empty')}</p>}
      {wallets.data && wallets.data.length > 0 && (
        <ul className="wallet-list" style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
          {wallets.data.map((w) => (
            <WalletItem key={w.id} wallet={w} cooldown={cooldownHours > 0} />
          ))}
        </ul>
      )}

      <form className="wallet-add" noValidate onSubmit={(e) => void submit(e)}>
        <strong>{t('payouts.wallets.addTitle')}</strong>
        {cooldownHours > 0 && <Alert type="info" showIcon title={t('payouts.wallets.cooldown', { count: cooldownHours })} />}
        <div className="withdraw-field">
          <label htmlFor="wallet-currency">{t('payouts.wallets.currency')}</label>
          <select
            id="wallet-currency"
            className="native-select"
            value={currency}
            aria-invalid={currencyError ? true : undefined}
            aria-describedby={currencyError ? 'wallet-currency-error' : undefined}
            onChange={(e) => {
              setCurrency(e.target.value);
              // The address is judged per currency: a new currency is a new question.
              fieldErrors.clear('currency');
              fieldErrors.clear('address');
            }}
          >
            <option value="">{t('payouts.dialog.currencyPlaceholder')}</option>
            {(settings.data?.currencies ?? []).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="wallet-currency-error" message={currencyError} />
        </div>
        <div className="withdraw-field">
          <label htmlFor="wallet-address">{t('payouts.wallets.address')}</label>
          <Input
            id="wallet-address"
            className="mono"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              fieldErrors.clear('address');
            }}
            {...fieldA11y('wallet-address-error', addressError)}
          />
          <FieldError id="wallet-address-error" message={addressError} testId="wallet-address-error" />
        </div>
        <div className="withdraw-field">
          <label htmlFor="wallet-label">{t('payouts.wallets.label')}</label>
          <Input
            id="wallet-label"
            maxLength={50}
            placeholder={t('payouts.wallets.labelPlaceholder')}
            value={label}
            onChange={(e) => {
              setLabel(e.target.value);
              fieldErrors.clear('label');
            }}
            {...fieldA11y('wallet-label-error', labelError)}
          />
          <FieldError id="wallet-label-error" message={labelError} />
        </div>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        <Button type="primary" htmlType="submit" loading={adding} disabled={currency === '' || address.trim() === ''}>
          {t('payouts.wallets.add')}
        </Button>
      </form>
    </Modal>
  );
}

export default WalletsDialog;
