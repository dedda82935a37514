import type { TPublicSettings } from '@platform/contracts';
import { CURRENCIES } from './currencies.js';
import type { TPayoutsDeps } from './deps.js';

/** GET /api/settings/public: the minimum (from the local copy of the settings), the cooldown and the currencies. */
export function getPublicSettings(deps: TPayoutsDeps): TPublicSettings {
  const settings = deps.settings.current();
  return {
    minimumWithdrawal: settings.minimumWithdrawal,
    walletCooldownHours: settings.walletCooldownHours,
    currencies: CURRENCIES.map(({ value, label, networkFee }) => ({ value, label, networkFee })),
  };
}
