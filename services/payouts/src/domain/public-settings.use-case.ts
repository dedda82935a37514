import type { TPublicSettings } from '@platform/contracts';
import { CURRENCIES } from './currencies.js';
import type { TPayoutsDeps } from './deps.js';
import { readPayoutSettings } from './settings.js';

/** GET /api/settings/public: the minimum (from the local copy of the settings), the cooldown and the currencies. */
export async function getPublicSettings(deps: TPayoutsDeps): Promise<TPublicSettings> {
  const settings = await readPayoutSettings(deps.pool);
  return {
    minimumWithdrawal: settings.minimumWithdrawal,
    walletCooldownHours: settings.walletCooldownHours,
    currencies: CURRENCIES.map(({ value, label, networkFee }) => ({ value, label, networkFee })),
  };
}
