import { PAYOUTS_MESSAGES } from '@platform/contracts';
import { AppError } from '@platform/service-kit';

/** Every failure of the payouts service the client hears about; the message is what the screen shows. */
export const PAYOUTS_ERRORS = {
  idempotencyKeyRequired: () => new AppError('PAYOUTS.IDEMPOTENCY_KEY_REQUIRED', 400, PAYOUTS_MESSAGES.idempotencyKeyRequired),
  idempotencyKeyInvalid: () => new AppError('PAYOUTS.IDEMPOTENCY_KEY_INVALID', 400, 'Idempotency-Key must be 1 to 255 visible characters'),
  idempotencyKeyReused: () => new AppError('PAYOUTS.IDEMPOTENCY_KEY_REUSED', 422, PAYOUTS_MESSAGES.idempotencyKeyReused),
  unsupportedCurrency: () => new AppError('PAYOUTS.UNSUPPORTED_CURRENCY', 400, 'Please choose a supported currency'),
  invalidWalletAddress: (label: string) => new AppError('PAYOUTS.INVALID_WALLET_ADDRESS', 400, `Please enter a valid ${label} wallet address`),
  amountTooLow: (minimum: string) => new AppError('PAYOUTS.AMOUNT_TOO_LOW', 400, `Minimum withdrawal amount is $${minimum}`),
  insufficientFunds: () => new AppError('PAYOUTS.INSUFFICIENT_FUNDS', 400, PAYOUTS_MESSAGES.insufficientFunds),
  walletCoolingDown: (hours: string) =>
    new AppError('PAYOUTS.WALLET_COOLDOWN', 400, `This wallet was added less than ${hours} hours ago and cannot receive a payout yet`),
  walletNotSaved: (hours: string) =>
    new AppError(
      'PAYOUTS.WALLET_NOT_SAVED',
      400,
      `Please save this wallet under Bind Payment Method first; a new wallet can receive a payout ${hours} hours after it is added`,
    ),
  withdrawalNotFound: () => new AppError('PAYOUTS.WITHDRAWAL_NOT_FOUND', 404, 'Withdrawal not found'),
  alreadyProcessed: () => new AppError('PAYOUTS.ALREADY_PROCESSED', 409, PAYOUTS_MESSAGES.alreadyProcessed),
  balanceUnchanged: () => new AppError('PAYOUTS.BALANCE_UNCHANGED', 400, PAYOUTS_MESSAGES.balanceUnchanged),
  walletNotFound: () => new AppError('PAYOUTS.WALLET_NOT_FOUND', 404, 'Wallet not found'),
  walletDuplicate: () => new AppError('PAYOUTS.WALLET_EXISTS', 409, 'This wallet is already saved'),
  userNotFound: () => new AppError('PAYOUTS.USER_NOT_FOUND', 404, 'User not found'),
  balanceOfOthers: () => new AppError('AUTH.FORBIDDEN', 403, 'You may only read your own balance'),
};
