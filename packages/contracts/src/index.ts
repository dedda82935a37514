// First: configures zod for the browser before any schema is built (see zod-setup.ts).
import './zod-setup.js';

export * from './common.js';
export * from './errors.js';
export * from './auth.js';
export * from './events.js';
export * from './work.js';
export * from './review-templates.js';
export * from './payouts.js';
export * from './admin.js';
export * from './chat.js';
export * from './verification.js';
export * from './assistants.js';
export * from './support.js';
export * from './referrals.js';
export * from './content.js';
export * from './dashboard.js';
export * from './users-admin.js';
export * from './paging.js';
export * from './trust.js';
export * from './figure-claims.js';
