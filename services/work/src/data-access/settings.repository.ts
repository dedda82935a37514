import { defineLocalCopy } from '@platform/service-kit';

export const AUTO_APPROVAL_DAYS_KEY = 'auto_approval_days';

/** The local copy of the settings this service reads, learnt from settings.changed (an older event never wins). */
export const SETTINGS_COPY = defineLocalCopy<{ key: string; value: string }>({ table: 'settings', key: 'key', fields: ['key', 'value'] });
