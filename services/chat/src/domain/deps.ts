import type { TRole } from '@platform/contracts';
import type { Logger, Pool } from '@platform/service-kit';
import type { TAuthClient } from '../data-access/auth.client.js';
import type { TChatBus } from '../data-access/chat-bus.js';
import type { TPresence } from '../data-access/presence.js';
import type { TModerationStore } from './moderation-store.js';
import type { TRoomOrder } from './room-order.js';

/** Counts a user's sends across every instance; throws CHAT.RATE_LIMITED past the limit. */
export interface TSendLimiter {
  consume(userId: string): Promise<void>;
}

/** A user's names, role and standing from the identity service, asked with their own token (data-access/auth.client.ts). */
export type TProfileLookup = TAuthClient['findProfile'];

/** What the use cases work with; built once in start(). */
export interface TChatDeps {
  pool: Pool;
  logger: Logger;
  bus: TChatBus;
  /** This instance's part of each room's order (room-order.ts). */
  roomOrder: TRoomOrder;
  moderation: TModerationStore;
  sendLimiter: TSendLimiter;
  lookupProfile?: TProfileLookup;
  /** Who is connected to the chat on any instance (the support desk e-mails only those who are not). */
  presence: TPresence;
  archiveDaysDefault: number;
}

/** The signed-in caller of a use case, with the token they called with (for the profile lookup). */
export interface TActor {
  userId: string;
  role: TRole;
  token?: string;
}
