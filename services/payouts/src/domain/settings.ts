import type { Queryable } from '@platform/service-kit';
import { SETTINGS_COPY } from '../data-access/copies.repository.js';
import { isMoney, normaliseMoney } from './money.js';

/**
 * The settings payouts keeps a copy of (from settings.changed), with the defaults of spec 03 section 9 and the
 * issue until the admin service has published a value.
 */
export const PAYOUT_SETTING_DEFAULTS = {
  minimum_withdrawal: '50.00',
  starting_balance: '0.00',
  wallet_cooldown_hours: '0',
} as const;
export type TPayoutSettingKey = keyof typeof PAYOUT_SETTING_DEFAULTS;
export const PAYOUT_SETTING_KEYS = Object.keys(PAYOUT_SETTING_DEFAULTS) as TPayoutSettingKey[];

export interface TPayoutSettings {
  /** 2-decimal strings. */
  minimumWithdrawal: string;
  startingBalance: string;
  /** A non-negative decimal number of hours, as text ("0", "24", "1.5"). */
  walletCooldownHours: string;
}

const HOURS_PATTERN = /^\d{1,5}(\.\d{1,4})?$/;

/** The value normalised when it is acceptable for the key, else undefined (the event is then ignored). */
export function normaliseSettingValue(key: TPayoutSettingKey, value: string): string | undefined {
  const text = value.trim();
  if (key === 'wallet_cooldown_hours') {
    if (!HOURS_PATTERN.test(text)) return undefined;
    return text.replace(/^0+(?=\d)/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  }
  if (!isMoney(text) || text.startsWith('-') || text.length > 13) return undefined;
  return normaliseMoney(text);
}

export async function readPayoutSettings(db: Queryable): Promise<TPayoutSettings> {
  const stored = await SETTINGS_COPY.findMany(db, PAYOUT_SETTING_KEYS);
  const value = (key: TPayoutSettingKey) => stored.get(key)?.value ?? PAYOUT_SETTING_DEFAULTS[key];
  return {
    minimumWithdrawal: value('minimum_withdrawal'),
    startingBalance: value('starting_balance'),
    walletCooldownHours: value('wallet_cooldown_hours'),
  };
}
