import type { TUserExportPart } from '@platform/service-kit';

/** What payouts holds about a user (issue 15 item 5): the ledger, withdrawals, saved wallets, the users copy. */
export const PAYOUTS_USER_EXPORT: readonly TUserExportPart[] = [
  { name: 'user', table: 'users', sql: 'SELECT * FROM users WHERE id = $1' },
  { name: 'ledgerAccount', table: 'ledger_accounts', sql: 'SELECT * FROM ledger_accounts WHERE user_id = $1' },
  { name: 'ledgerEntries', table: 'ledger_entries', sql: 'SELECT * FROM ledger_entries WHERE user_id = $1 ORDER BY seq' },
  { name: 'withdrawals', table: 'withdrawals', sql: 'SELECT * FROM withdrawals WHERE user_id = $1 ORDER BY created_at' },
  { name: 'payoutWallets', table: 'payout_wallets', sql: 'SELECT * FROM payout_wallets WHERE user_id = $1 ORDER BY created_at' },
];
