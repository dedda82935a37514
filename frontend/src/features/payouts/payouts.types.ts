/**
 * The payouts service's answers as the client reads them (services/payouts/README.md). Amounts are decimal strings
 * with 2 decimals in USD; a network fee is a decimal string in the currency's own units; dates are ISO strings.
 */
export type TWithdrawalStatus = 'pending' | 'approved' | 'rejected';

export interface TWithdrawal {
  id: string;
  amount: string;
  currency: string;
  networkFee: string;
  walletAddress: string;
  status: TWithdrawalStatus;
  createdAt: string;
  adminComment: string | null;
  reviewedAt: string | null;
  txReference: string | null;
}

export interface TAdminWithdrawal extends TWithdrawal {
  userId: string;
  reviewedBy: string | null;
  user: { firstName: string; lastName: string; email: string };
}

export interface TCreateWithdrawalRequest {
  amount: string;
  currency: string;
  walletAddress: string;
}

export interface TDecideWithdrawalRequest {
  status: 'approved' | 'rejected';
  adminComment?: string;
  txReference?: string;
}

export interface TBalance {
  available: string;
  held: string;
}

export const LEDGER_ENTRY_KINDS = ['task_reward', 'signup_bonus', 'admin_adjustment', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout'] as const;
export type TLedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface TLedgerEntry {
  id: string;
  seq: number;
  kind: TLedgerEntryKind;
  amount: string;
  availableAfter: string;
  heldAfter: string;
  referenceType: string | null;
  referenceId: string | null;
  reason: string | null;
  createdBy: string | null;
  createdAt: string;
  prevHash: string;
  hash: string;
}

export interface TStatement {
  userId: string;
  from: string | null;
  to: string | null;
  opening: TBalance;
  closing: TBalance;
  entries: TLedgerEntry[];
}

export interface TLedgerVerification {
  valid: boolean;
  entries: number;
  brokenAt?: number;
  problem?: string;
}

export interface TCurrencyOption {
  value: string;
  label: string;
  networkFee: string;
}

export interface TPublicSettings {
  minimumWithdrawal: string;
  walletCooldownHours: string;
  currencies: TCurrencyOption[];
}

export interface TPayoutWallet {
  id: string;
  currency: string;
  address: string;
  label: string | null;
  createdAt: string;
  /** When the wallet may first receive a payout (createdAt + wallet_cooldown_hours). */
  usableFrom: string;
}

export interface TCreatePayoutWalletRequest {
  currency: string;
  address: string;
  label?: string | null;
}
