import { PAYOUTS_MESSAGES } from '@platform/contracts';
import { AppError } from '@platform/service-kit';

/**
 * Every failure of the payouts service the client hears about; the message is what the screen shows. A refusal about
 * one input names it (`field`: the body field, e.g. `walletAddress` for a withdrawal, `address` for a saved wallet).
 */
export const PAYOUTS_ERRORS = {
  idempotencyKeyRequired: () => new AppError('PAYOUTS.IDEMPOTENCY_KEY_REQUIRED', 400, PAYOUTS_MESSAGES.idempotencyKeyRequired),
  idempotencyKeyInvalid: () => new AppError('PAYOUTS.IDEMPOTENCY_KEY_INVALID', 400, 'Idempotency-Key must be 1 to 255 visible characters'),
  idempotencyKeyReused: () => new AppError('PAYOUTS.IDEMPOTENCY_KEY_REUSED', 422, PAYOUTS_MESSAGES.idempotencyKeyReused),
  unsupportedCurrency: () => new AppError('PAYOUTS.UNSUPPORTED_CURRENCY', 400, 'Please choose a supported currency', undefined, 'currency'),
  invalidWalletAddress: (label: string, field: 'walletAddress' | 'address') =>
    new AppError('PAYOUTS.INVALID_WALLET_ADDRESS', 400, `Please enter a valid ${label} wallet address`, undefined, field, { currency: label }),
  amountTooLow: (minimum: string) => new AppError('PAYOUTS.AMOUNT_TOO_LOW', 400, `Minimum withdrawal amount is $${minimum}`, undefined, 'amount', { minimum }),
  /** Posting a ledger entry that would overdraw; `field` when the request names the amount (a withdrawal). */
  insufficientFunds: (field?: 'amount') => new AppError('PAYOUTS.INSUFFICIENT_FUNDS', 400, PAYOUTS_MESSAGES.insufficientFunds, undefined, field),
  walletCoolingDown: (hours: string) =>
    new AppError(
      'PAYOUTS.WALLET_COOLDOWN',
      400,
      `This wallet was added less than ${hours} hours ago and cannot receive a payout yet`,
      undefined,
      'walletAddress',
      { hours: Number(hours) },
    ),
  walletNotSaved: (hours: string) =>
    new AppError(
      'PAYOUTS.WALLET_NOT_SAVED',
      400,
      `Please save this wallet under Bind Payment Method first; a new wallet can receive a payout ${hours} hours after it is added`,
      undefined,
      'walletAddress',
      { hours: Number(hours) },
    ),
  withdrawalNotFound: () => new AppError('PAYOUTS.WITHDRAWAL_NOT_FOUND', 404, 'Withdrawal not found'),
  alreadyProcessed: () => new AppError('PAYOUTS.ALREADY_PROCESSED', 409, PAYOUTS_MESSAGES.alreadyProcessed),
  balanceUnchanged: () => new AppError('PAYOUTS.BALANCE_UNCHANGED', 400, PAYOUTS_MESSAGES.balanceUnchanged),
  walletNotFound: () => new AppError('PAYOUTS.WALLET_NOT_FOUND', 404, 'Wallet not found'),
  walletDuplicate: () => new AppError('PAYOUTS.WALLET_EXISTS', 409, 'This wallet is already saved', undefined, 'address'),
  userNotFound: () => new AppError('PAYOUTS.USER_NOT_FOUND', 404, 'User not found'),
  accountNotFound: () => new AppError('PAYOUTS.ACCOUNT_NOT_FOUND', 404, 'Your account is not open yet. Please try again in a moment.'),
  /** A closing withdrawal or a give-up when the available balance is already $0.00. */
  nothingAvailable: () => new AppError('PAYOUTS.NOTHING_AVAILABLE', 409, 'Your available balance is $0.00: there is nothing to withdraw or give up'),
  /** A closing withdrawal or a give-up from a worker who has not started closing the account (auth's intent). */
  notClosing: () =>
    new AppError(
      'PAYOUTS.NOT_CLOSING',
      409,
      'Withdrawing the whole balance below the minimum or giving it up is only for closing your account: start closing it first (Profile > Delete account)',
    ),
  /** A give-up whose stated amount is not the available balance (money arrived or left since the screen was read). */
  giveUpAmountChanged: (available: string) =>
    new AppError('PAYOUTS.GIVE_UP_AMOUNT_CHANGED', 409, `Your available balance is now $${available}; please confirm that amount`, undefined, 'amount', { available }),
  balanceOfOthers: () => new AppError('AUTH.FORBIDDEN', 403, 'You may only read your own balance'),
};
