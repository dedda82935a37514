import type { TAdminChatMessage, TAssistantQuality, TChatMonitorPage, TChatMonitorQuery, TChatMonitorStats } from '@platform/contracts';
import { findQualities, findQualityShares } from '../data-access/assistants.repository.js';
import { findMonitorPage, findMonitorStats } from '../data-access/messages.repository.js';
import type { TChatDeps } from './deps.js';
import { toMessageView } from './message-view.js';
import type { TMatcher } from './moderation.js';

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

/**
 * GET /api/admin/chat-messages: a page of the monitor's feed (newest first, filtered; contracts
 * ZChatMonitorQuerySchema) with every author named and, on assistant messages, the quality score.
 */
export async function readChatMonitor(deps: TChatDeps, query: TChatMonitorQuery): Promise<TChatMonitorPage> {
  const page = await findMonitorPage(deps.pool, query);
  // The score computed when the assistant posted (kept with the message); computed now for one posted before that.
  const scores = await findQualities(deps.pool, page.items.filter((m) => m.isBot).map((m) => m.id));
  const matcher = deps.moderation.matcher();
  const items: TAdminChatMessage[] = page.items.map((stored) => {
    const view = toMessageView(stored);
    return {
      ...view,
      author: stored.isBot ? null : (stored.author ?? { firstName: '', lastName: '', role: stored.isFromAdmin ? 'admin' : 'employee' }),
      quality: view.assistant ? (scores.get(view.id) ?? assistantQuality(view.content, view.assistant.preferredLanguage, matcher)) : null,
    };
  });
  return { ...page, items };
}

/** GET /api/admin/chat-messages/stats: the general room's last 24 hours (the monitor's four cards and the quality shares). */
export async function readChatMonitorStats(deps: TChatDeps): Promise<TChatMonitorStats> {
  const [stats, shares] = await Promise.all([findMonitorStats(deps.pool), findQualityShares(deps.pool)]);
  return { messagesLast24h: stats.total, peopleMessagesLast24h: stats.people, assistantMessagesLast24h: stats.assistants, activePeopleLast24h: stats.authors, assistantQualityLast24h: shares };
}
