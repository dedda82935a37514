export * from './common.js';
export * from './auth.js';
export * from './events.js';
export * from './work.js';
export * from './payouts.js';
export * from './admin.js';
export * from './chat.js';
export * from './content.js';
