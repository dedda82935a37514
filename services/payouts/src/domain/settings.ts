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
  withdrawal_decision_hours: '48',
} as const;
export type TPayoutSettingKey = keyof typeof PAYOUT_SETTING_DEFAULTS;
export const PAYOUT_SETTING_KEYS = Object.keys(PAYOUT_SETTING_DEFAULTS) as TPayoutSettingKey[];

export interface TPayoutSettings {
  /** 2-decimal strings. */
  minimumWithdrawal: string;
  startingBalance: string;
  /** A non-negative decimal number of hours, as text ("0", "24", "1.5"). */
  walletCooldownHours: string;
  /** Hours from a withdrawal request to the time by which it will be decided (its decideBy), as text ("48"). */
  withdrawalDecisionHours: string;
}

const HOURS_PATTERN = /^\d{1,5}(\.\d{1,4})?$/;

/** The value normalised when it is acceptable for the key, else undefined (the event is then ignored). */
export function normaliseSettingValue(key: TPayoutSettingKey, value: string): string | undefined {
  const text = value.trim();
  if (key === 'wallet_cooldown_hours' || key === 'withdrawal_decision_hours') {
    if (!HOURS_PATTERN.test(text)) return undefined;
    if (key === 'withdrawal_decision_hours' && !/[1-9]/.test(text)) return undefined;
    return text.replace(/^0+(?=\d)/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  }
  if (!isMoney(text) || text.startsWith('-') || text.length > 13) return undefined;
  return normaliseMoney(text);
}

/**
 * The settings copy kept in memory, so a withdrawal reads no setting from the database: loaded from the settings
 * table (the source) at start, then moved by what this instance's settings.changed handler commits (`apply`, after
 * the commit), and reloaded from the table every `reloadMs` for what another instance's handler wrote (the queue
 * is shared: each event reaches one instance). Like the table, an older value never replaces a newer one.
 */
export interface TPayoutSettingsCopy {
  current(): TPayoutSettings;
  apply(key: TPayoutSettingKey, value: string, sourceAt: string): void;
  load(db: Queryable): Promise<void>;
  stop(): void;
}

export async function createPayoutSettingsCopy(db: Queryable, options: { reloadMs?: number; onReloadError?: (error: unknown) => void } = {}): Promise<TPayoutSettingsCopy> {
  const values = new Map<TPayoutSettingKey, { value: string; sourceAt: number }>();
  let snapshot: TPayoutSettings | undefined;
  const apply = (key: TPayoutSettingKey, value: string, sourceAt: string) => {
    const at = Date.parse(sourceAt);
    const held = values.get(key);
    if (held && held.sourceAt > at) return;
    values.set(key, { value, sourceAt: at });
    snapshot = undefined;
  };
  const load = async (from: Queryable) => {
    for (const { record, sourceAt } of await SETTINGS_COPY.findAll(from)) {
      if ((PAYOUT_SETTING_KEYS as string[]).includes(record.key)) apply(record.key as TPayoutSettingKey, record.value, sourceAt);
    }
  };
  await load(db);
  const reloadMs = options.reloadMs ?? 30_000;
  const timer = reloadMs > 0 ? setInterval(() => void load(db).catch((error: unknown) => options.onReloadError?.(error)), reloadMs) : undefined;
  timer?.unref();
  return {
    current() {
      const value = (key: TPayoutSettingKey) => values.get(key)?.value ?? PAYOUT_SETTING_DEFAULTS[key];
      snapshot ??= {
        minimumWithdrawal: value('minimum_withdrawal'),
        startingBalance: value('starting_balance'),
        walletCooldownHours: value('wallet_cooldown_hours'),
        withdrawalDecisionHours: value('withdrawal_decision_hours'),
      };
      return snapshot;
    },
    apply,
    load,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
