import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Popconfirm, Spin, Tag } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/baseQuery';
import { useToast } from '../../components/toast';
import { formatDate, formatDateTime } from './dates';
import { shortenAddress } from './money';
import { useAddPayoutWalletMutation, usePayoutWalletsQuery, usePublicSettingsQuery, useRemovePayoutWalletMutation } from './payouts.api';
import type { TPayoutWallet } from './payouts.types';
import './payouts.css';

function WalletItem({ wallet, cooldown }: { wallet: TPayoutWallet; cooldown: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [remove, { isLoading }] = useRemovePayoutWalletMutation();
  const notYet = cooldown && new Date(wallet.usableFrom).getTime() > Date.now();
  const onRemove = async () => {
    try {
      await remove(wallet.id).unwrap();
      toast({ title: t('payouts.wallets.removedToast') });
    } catch (error) {
      toast({ title: t('payouts.wallets.failed'), description: errorMessageOf(error) ?? t('payouts.wallets.removeFailedText'), variant: 'destructive' });
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
      <Popconfirm
        title={t('payouts.wallets.removeConfirm')}
        description={t('payouts.wallets.removeConfirmText')}
        okText={t('payouts.wallets.removeOk')}
        cancelText={t('payouts.wallets.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={onRemove}
      >
        <Button danger size="small" icon={<DeleteOutlined />} loading={isLoading} aria-label={t('payouts.wallets.remove')}>
          {t('payouts.wallets.remove')}
        </Button>
      </Popconfirm>
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
  const cooldownHours = Number(settings.data?.walletCooldownHours ?? '0');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (currency === '' || address.trim() === '') {
      setError(t('payouts.wallets.required'));
      return;
    }
    setError(null);
    try {
      await add({ currency, address: address.trim(), label: label.trim() === '' ? null : label.trim() }).unwrap();
      toast({ title: t('payouts.wallets.addedToast') });
      setAddress('');
      setLabel('');
    } catch (failure) {
      // The server's message, e.g. 'Please enter a valid Bitcoin (BTC) wallet address'.
      setError(errorMessageOf(failure) ?? t('payouts.wallets.failedText'));
    }
  };

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
          <select id="wallet-currency" className="native-select" value={currency} onChange={(e) => setCurrency(e.target.value)}>
            <option value="">{t('payouts.dialog.currencyPlaceholder')}</option>
            {(settings.data?.currencies ?? []).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="withdraw-field">
          <label htmlFor="wallet-address">{t('payouts.wallets.address')}</label>
          <Input id="wallet-address" className="mono" autoComplete="off" spellCheck={false} value={address} onChange={(e) => setAddress(e.target.value)} />
        </div>
        <div className="withdraw-field">
          <label htmlFor="wallet-label">{t('payouts.wallets.label')}</label>
          <Input id="wallet-label" maxLength={50} placeholder={t('payouts.wallets.labelPlaceholder')} value={label} onChange={(e) => setLabel(e.target.value)} />
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
