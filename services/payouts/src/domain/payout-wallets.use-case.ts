import { randomUUID } from 'node:crypto';
import type { TCreatePayoutWalletRequest, TPayoutWallet } from '@platform/contracts';
import { deleteWallet, insertWallet, listWallets } from '../data-access/wallets.repository.js';
import { addressKey, findCurrency, isValidAddress } from './currencies.js';
import type { TPayoutsDeps } from './deps.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';

export async function listPayoutWallets(deps: TPayoutsDeps, userId: string): Promise<TPayoutWallet[]> {
  const { walletCooldownHours } = deps.settings.current();
  return listWallets(deps.pool, userId, walletCooldownHours);
}

/** Saves a wallet after the same per-currency address check as a withdrawal; the same address twice is 409. */
export async function addPayoutWallet(deps: TPayoutsDeps, userId: string, body: TCreatePayoutWalletRequest): Promise<TPayoutWallet> {
  const currency = findCurrency(body.currency);
  if (!currency) throw PAYOUTS_ERRORS.unsupportedCurrency();
  if (!isValidAddress(currency.value, body.address)) throw PAYOUTS_ERRORS.invalidWalletAddress(currency.label, 'address');
  const { walletCooldownHours } = deps.settings.current();
  const wallet = await insertWallet(
    deps.pool,
    {
      id: randomUUID(),
      userId,
      currency: currency.value,
      address: body.address,
      addressKey: addressKey(currency.value, body.address),
      label: body.label || null,
    },
    walletCooldownHours,
  );
  if (!wallet) throw PAYOUTS_ERRORS.walletDuplicate();
  return wallet;
}

/** Removes one of the caller's wallets; another user's wallet is 404, as if it did not exist. */
export async function removePayoutWallet(deps: TPayoutsDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteWallet(deps.pool, userId, id))) throw PAYOUTS_ERRORS.walletNotFound();
}
