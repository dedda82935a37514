import type { TAssistantLanguage, TAssistantQuality, TChatAssistant } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

/* ---- Assistants (chat_assistants; a removed one is marked, its messages keep the name). ---- */

interface TAssistantRow {
  id: string;
  display_name: string;
  avatar: string | null;
  is_active: boolean;
  preferred_language: TAssistantLanguage;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  message_count: string;
}

const toAssistant = (row: TAssistantRow): TChatAssistant => ({
  id: row.id,
  displayName: row.display_name,
  avatar: row.avatar,
  isActive: row.is_active,
  preferredLanguage: row.preferred_language,
  isBot: true,
  messageCount: Number(row.message_count),
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const ASSISTANT_COLUMNS = `a.id, a.display_name, a.avatar, a.is_active, a.preferred_language, a.created_by, a.created_at, a.updated_at,
  (SELECT count(*) FROM chat_messages_all m WHERE m.assistant_id = a.id) AS message_count`;

export async function listAssistants(db: Queryable): Promise<TChatAssistant[]> {
  const { rows } = await db.query<TAssistantRow>(`SELECT ${ASSISTANT_COLUMNS} FROM chat_assistants a WHERE a.deleted_at IS NULL ORDER BY a.created_at, a.id`);
  return rows.map(toAssistant);
}

export async function findAssistant(db: Queryable, id: string): Promise<TChatAssistant | undefined> {
  const { rows } = await db.query<TAssistantRow>(`SELECT ${ASSISTANT_COLUMNS} FROM chat_assistants a WHERE a.id = $1 AND a.deleted_at IS NULL`, [id]);
  return rows[0] && toAssistant(rows[0]);
}

export async function insertAssistant(
  db: Queryable,
  input: { displayName: string; avatar: string | null; isActive: boolean; preferredLanguage: TAssistantLanguage; createdBy: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO chat_assistants (display_name, avatar, is_active, preferred_language, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.displayName, input.avatar, input.isActive, input.preferredLanguage, input.createdBy],
  );
  return rows[0]!.id;
}

export async function updateAssistant(
  db: Queryable,
  id: string,
  input: { displayName?: string; avatar?: string | null; isActive?: boolean; preferredLanguage?: TAssistantLanguage },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE chat_assistants
        SET display_name = COALESCE($2, display_name),
            avatar = CASE WHEN $3::boolean THEN $4 ELSE avatar END,
            is_active = COALESCE($5, is_active),
            preferred_language = COALESCE($6, preferred_language),
            updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL`,
    [id, input.displayName ?? null, input.avatar !== undefined, input.avatar ?? null, input.isActive ?? null, input.preferredLanguage ?? null],
  );
  return (rowCount ?? 0) > 0;
}

export async function markAssistantDeleted(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE chat_assistants SET deleted_at = now(), is_active = false, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return (rowCount ?? 0) > 0;
}

/** The assistants that may speak: active and not removed. */
export async function listSpeakingAssistants(db: Queryable): Promise<{ id: string; displayName: string; preferredLanguage: TAssistantLanguage }[]> {
  const { rows } = await db.query<{ id: string; display_name: string; preferred_language: TAssistantLanguage }>(
    `SELECT id, display_name, preferred_language FROM chat_assistants WHERE is_active AND deleted_at IS NULL ORDER BY id`,
  );
  return rows.map((r) => ({ id: r.id, displayName: r.display_name, preferredLanguage: r.preferred_language }));
}

/* ---- Settings (one row). ---- */

export interface TSettingsRow {
  value: unknown;
  providerApiKeyEnc: string | null;
  updatedBy: string | null;
  updatedAt: Date | null;
}

export async function readSettingsRow(db: Queryable, options: { forUpdate?: boolean } = {}): Promise<TSettingsRow | undefined> {
  const { rows } = await db.query<{ value: unknown; provider_api_key_enc: string | null; updated_by: string | null; updated_at: Date }>(
    `SELECT value, provider_api_key_enc, updated_by, updated_at FROM chat_settings WHERE id = 1${options.forUpdate ? ' FOR UPDATE' : ''}`,
  );
  const row = rows[0];
  return row && { value: row.value, providerApiKeyEnc: row.provider_api_key_enc, updatedBy: row.updated_by, updatedAt: row.updated_at };
}

export async function writeSettingsRow(db: Queryable, input: { value: unknown; providerApiKeyEnc: string | null; updatedBy: string }): Promise<Date> {
  const { rows } = await db.query<{ updated_at: Date }>(
    `INSERT INTO chat_settings (id, value, provider_api_key_enc, updated_by, updated_at) VALUES (1, $1, $2, $3, now())
     ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value, provider_api_key_enc = EXCLUDED.provider_api_key_enc,
       updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
     RETURNING updated_at`,
    [JSON.stringify(input.value), input.providerApiKeyEnc, input.updatedBy],
  );
  return rows[0]!.updated_at;
}

/* ---- The scheduler's state. ---- */

/** Disabled: nothing is due; the first tick after enabling runs at once. */
export async function clearSchedule(db: Queryable): Promise<void> {
  await db.query(`UPDATE chat_assistant_schedule SET next_post_at = NULL WHERE id = 1 AND next_post_at IS NOT NULL`);
}

/**
 * Claims the due run: one conditional update. A second instance racing for the same run waits for the first's row
 * lock, then finds next_post_at in the future and gets nothing. Returns the slot claimed (its due time, or `now`
 * for the first run after enabling).
 */
export async function claimDueRun(db: Queryable, now: Date, next: Date): Promise<Date | undefined> {
  const { rows } = await db.query<{ due_at: Date }>(
    `WITH cur AS (SELECT next_post_at FROM chat_assistant_schedule WHERE id = 1 FOR UPDATE)
     UPDATE chat_assistant_schedule s SET next_post_at = $2
       FROM cur
      WHERE s.id = 1 AND (cur.next_post_at IS NULL OR cur.next_post_at <= $1)
      RETURNING COALESCE(cur.next_post_at, $1) AS due_at`,
    [now, next],
  );
  return rows[0]?.due_at;
}

/** The run's log row; the unique slot is a second guard against running one slot twice. */
export async function recordRun(db: Queryable, run: { dueAt: Date; ranAt: Date; instance: string; planned: number }): Promise<number | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO chat_assistant_runs (due_at, ran_at, instance, planned) VALUES ($1, $2, $3, $4) ON CONFLICT (due_at) DO NOTHING RETURNING id`,
    [run.dueAt, run.ranAt, run.instance, run.planned],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

export async function finishRun(db: Queryable, runId: number, posted: number): Promise<void> {
  await db.query(`UPDATE chat_assistant_runs SET posted = $2 WHERE id = $1`, [runId, posted]);
}

export async function countSchedule(db: Queryable, counter: 'posted' | 'replies' | 'dropped' | 'provider_fallbacks', by = 1): Promise<void> {
  await db.query(`UPDATE chat_assistant_schedule SET ${counter} = ${counter} + $1 WHERE id = 1`, [by]);
}

export async function readScheduleCounters(db: Queryable): Promise<{ nextPostAt: Date | null; posted: number; replies: number; dropped: number; providerFallbacks: number }> {
  const { rows } = await db.query<{ next_post_at: Date | null; posted: string; replies: string; dropped: string; provider_fallbacks: string }>(
    `SELECT next_post_at, posted, replies, dropped, provider_fallbacks FROM chat_assistant_schedule WHERE id = 1`,
  );
  const row = rows[0]!;
  return { nextPostAt: row.next_post_at, posted: Number(row.posted), replies: Number(row.replies), dropped: Number(row.dropped), providerFallbacks: Number(row.provider_fallbacks) };
}

/** How many of the newest general-room messages in a row are assistants' (up to `limit`). */
export async function countTrailingAssistantMessages(db: Queryable, limit: number): Promise<number> {
  const { rows } = await db.query<{ is_bot: boolean }>(`SELECT is_bot FROM chat_messages WHERE chat_type = 'general' ORDER BY id DESC LIMIT $1`, [limit + 1]);
  let count = 0;
  for (const row of rows) {
    if (!row.is_bot) break;
    count += 1;
  }
  return count;
}

/** The newest assistant texts (to avoid repeating one). */
export async function recentAssistantTexts(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ content: string }>(`SELECT content FROM chat_messages WHERE chat_type = 'general' AND assistant_id IS NOT NULL ORDER BY id DESC LIMIT $1`, [limit]);
  return rows.map((r) => r.content);
}

/* ---- Questions and their decisions. ---- */

/** People's general-room messages since `since` with no decision yet, oldest first. */
export async function findUndecidedMessages(db: Queryable, since: Date, limit: number): Promise<{ id: number; content: string }[]> {
  const { rows } = await db.query<{ id: string; content: string }>(
    `SELECT m.id, m.content FROM chat_messages m
      WHERE m.chat_type = 'general' AND m.assistant_id IS NULL AND NOT m.is_from_admin AND m.created_at >= $1
        AND NOT EXISTS (SELECT 1 FROM chat_assistant_replies r WHERE r.question_id = m.id)
      ORDER BY m.id LIMIT $2`,
    [since, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), content: r.content }));
}

/** Takes the decision on one question for this instance; false when another instance already has it. */
export async function claimQuestion(db: Queryable, questionId: number): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO chat_assistant_replies (question_id, outcome) VALUES ($1, 'pending') ON CONFLICT (question_id) DO NOTHING`, [questionId]);
  return (rowCount ?? 0) > 0;
}

export async function decideQuestion(db: Queryable, questionId: number, outcome: string, answerId: number | null = null): Promise<void> {
  await db.query(`UPDATE chat_assistant_replies SET outcome = $2, answer_id = $3, decided_at = now() WHERE question_id = $1`, [questionId, outcome, answerId]);
}

/* ---- Quality. ---- */

export async function insertQuality(db: Queryable, messageId: number, assistantId: string, quality: TAssistantQuality): Promise<void> {
  await db.query(`INSERT INTO chat_assistant_quality (message_id, assistant_id, score, issues) VALUES ($1, $2, $3, $4) ON CONFLICT (message_id) DO NOTHING`, [
    messageId,
    assistantId,
    quality.score,
    quality.issues,
  ]);
}

export async function findQualities(db: Queryable, messageIds: number[]): Promise<Map<number, TAssistantQuality>> {
  if (messageIds.length === 0) return new Map();
  const { rows } = await db.query<{ message_id: string; score: number; issues: TAssistantQuality['issues'] }>(
    `SELECT message_id, score, issues FROM chat_assistant_quality WHERE message_id = ANY($1::bigint[])`,
    [messageIds],
  );
  return new Map(rows.map((r) => [Number(r.message_id), { score: r.score, issues: r.issues }]));
}

/** Shares of good (4-5), fair (3) and poor (1-2) among assistant messages scored in the last 24 hours. */
export async function findQualityShares(db: Queryable): Promise<{ good: number; fair: number; poor: number; scored: number }> {
  const { rows } = await db.query<{ good: string; fair: string; poor: string; scored: string }>(
    `SELECT count(*) FILTER (WHERE score >= 4) AS good, count(*) FILTER (WHERE score = 3) AS fair, count(*) FILTER (WHERE score < 3) AS poor, count(*) AS scored
       FROM chat_assistant_quality WHERE created_at > now() - interval '24 hours'`,
  );
  const row = rows[0]!;
  const scored = Number(row.scored);
  const share = (n: string) => (scored === 0 ? 0 : Math.round((Number(n) / scored) * 1000) / 1000);
  return { good: share(row.good), fair: share(row.fair), poor: share(row.poor), scored };
}
