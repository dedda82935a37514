import type { TAdminChatMessage, TAssistantQuality, TChatMonitor } from '@platform/contracts';
import { findQualities, findQualityShares } from '../data-access/assistants.repository.js';
import { findMonitorFeed, findMonitorStats } from '../data-access/messages.repository.js';
import type { TChatDeps } from './deps.js';
import { toMessageView } from './message-view.js';
import type { TMatcher } from './moderation.js';

export const MONITOR_FEED_SIZE = 100;
const GOOD_LENGTH = { min: 10, max: 200 } as const;

/**
 * Spec 03 s.4: an assistant message's quality starts at 5, minus 1 for each issue, never below 1. Issues: the
 * wrong language for the assistant's preferredLanguage (most letters of the other script), fewer than 10
 * characters, more than 200, a banned word (the chat's own matcher).
 */
export function assistantQuality(content: string, preferredLanguage: 'english' | 'russian', matcher: TMatcher): TAssistantQuality {
  const issues: TAssistantQuality['issues'] = [];
  const cyrillic = (content.match(/\p{Script=Cyrillic}/gu) ?? []).length;
  const latin = (content.match(/\p{Script=Latin}/gu) ?? []).length;
  if (cyrillic + latin > 0 && (preferredLanguage === 'english' ? cyrillic > latin : latin > cyrillic)) issues.push('wrong_language');
  const length = [...content].length;
  if (length < GOOD_LENGTH.min) issues.push('too_short');
  if (length > GOOD_LENGTH.max) issues.push('too_long');
  if (!matcher.moderate(content).isAllowed) issues.push('banned_word');
  return { score: Math.max(1, 5 - issues.length), issues };
}

/** GET /api/admin/chat-messages?filter: the newest general-room messages with every author named, and the stats. */
export async function readChatMonitor(deps: TChatDeps, filter: 'all' | 'people' | 'assistants'): Promise<TChatMonitor> {
  const [feed, stats, shares] = await Promise.all([findMonitorFeed(deps.pool, filter, MONITOR_FEED_SIZE), findMonitorStats(deps.pool), findQualityShares(deps.pool)]);
  // The score computed when the assistant posted (kept with the message); computed now for one posted before that.
  const scores = await findQualities(deps.pool, feed.filter((m) => m.isBot).map((m) => m.id));
  const matcher = deps.moderation.matcher();
  const messages: TAdminChatMessage[] = feed.map((stored) => {
    const view = toMessageView(stored);
    return {
      ...view,
      author: stored.isBot ? null : (stored.author ?? { firstName: '', lastName: '', role: stored.isFromAdmin ? 'admin' : 'employee' }),
      quality: view.assistant ? (scores.get(view.id) ?? assistantQuality(view.content, view.assistant.preferredLanguage, matcher)) : null,
    };
  });
  return {
    messages,
    stats: { messagesLast24h: stats.total, peopleMessagesLast24h: stats.people, assistantMessagesLast24h: stats.assistants, activePeopleLast24h: stats.authors, assistantQualityLast24h: shares },
  };
}
