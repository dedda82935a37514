import type { TChatMessage } from '@platform/contracts';
import type { TBusEvent, TChatBus } from '../../data-access/chat-bus.js';
import type { TSession, TSocketSessions } from './socket-sessions.js';

/** How many delivered message ids an instance remembers, to drop a second copy (far more than arrive in a Redis gap). */
const RECENTLY_DELIVERED = 10_000;

/**
 * Who hears what, on this instance: every event of the bus (from every instance, this one's included, and a message
 * this instance could not publish: the bus's deliverHere) goes to the sessions it concerns.
 * - A message: the general room's to every authenticated session; a support thread's to its worker's sessions and
 *   every admin's. Encoded once for every socket; a person's as new_message, an assistant's as message.
 * - Unread counts: the user's sessions (every device). A support conversation's change: its worker hears their status
 *   and unread count, every admin the desk's row.
 * - The bus's subscription came back after a gap: every session is told to resync (read after its last id again).
 *
 * A message can reach this instance twice: delivered here when its publish failed, then published once Redis
 * answers; or published again by the room's next writer when the mark of its publish was lost (domain/room-order.ts).
 * Its sockets hear it once: the ids of the latest messages delivered here are remembered.
 */
export function startFanOut(options: { bus: TChatBus; sessions: TSocketSessions }): void {
  const { bus, sessions } = options;
  const deliveredIds = new Set<number>();

  const deliverMessage = (message: TChatMessage): void => {
    if (deliveredIds.has(message.id)) return;
    deliveredIds.add(message.id);
    if (deliveredIds.size > RECENTLY_DELIVERED) deliveredIds.delete(deliveredIds.values().next().value!);
    const type = message.isBot ? 'message' : 'new_message';
    const frame = Buffer.from(JSON.stringify(message.isBot ? { type: 'message', data: message } : { type: 'new_message', message }));
    const targets: Iterable<TSession> =
      message.chatType === 'general' ? sessions.authenticated() : [...sessions.ofUser(message.supportUserId ?? ''), ...adminsBut(message.supportUserId)];
    for (const session of targets) sessions.send(session, frame, type);
  };

  /** Every admin's sessions but those of the admin the thread belongs to (they hear it as its owner). */
  const adminsBut = (userId: string | null): TSession[] => [...sessions.authenticated()].filter((s) => s.user?.role === 'admin' && s.user.userId !== userId);

  const deliver = (event: TBusEvent): void => {
    switch (event.kind) {
      case 'message':
        deliverMessage(event.message);
        return;
      case 'unread':
        for (const session of sessions.ofUser(event.userId)) sessions.send(session, { type: 'unread', unread: event.unread });
        return;
      case 'support_conversation':
        for (const session of sessions.ofUser(event.conversation.userId)) {
          sessions.send(session, { type: 'support_status', status: event.worker.status, unreadCount: event.worker.unreadCount });
        }
        for (const session of adminsBut(event.conversation.userId)) sessions.send(session, { type: 'support_conversation', conversation: event.conversation });
        return;
      case 'moderation_changed':
        // For the moderation store (domain/moderation-store.ts): no socket hears it.
        return;
    }
  };

  bus.onEvent(deliver);
  bus.onResubscribed(() => {
    for (const session of sessions.authenticated()) sessions.send(session, { type: 'resync' });
  });
}
