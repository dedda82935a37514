import {
  DEFAULT_CHAT_SETTINGS,
  ZChatSettingsSchema,
  type TAssistantLanguage,
  type TChatAssistant,
  type TChatMessage,
  type TChatSettings,
  type TChatSettingsView,
  type TLanguageEnforcement,
  type ZCreateAssistantRequestSchema,
  type ZUpdateAssistantRequestSchema,
  type ZUpdateChatSettingsRequestSchema,
} from '@platform/contracts';
import { withTransaction, writeEvent, type Queryable } from '@platform/service-kit';
import type { Redis } from 'ioredis';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  claimDueRun,
  claimQuestion,
  clearSchedule,
  countSchedule,
  countTrailingAssistantMessages,
  decideQuestion,
  findAssistant,
  findUndecidedMessages,
  finishRun,
  insertAssistant,
  insertQuality,
  listAssistants,
  listSpeakingAssistants,
  markAssistantDeleted,
  readSettingsRow,
  recentAssistantTexts,
  recordRun,
  updateAssistant,
  writeSettingsRow,
} from '../data-access/assistants.repository.js';
import { findMessageById, GENERAL_ROOM, insertAssistantMessage } from '../data-access/messages.repository.js';
import { createOfflineGenerator, createProviderGenerator, isQuestion, languageOf, makesPromise, type TGenerationRequest, type TGenerator } from './assistant-generators.js';
import { CHAT_ERRORS } from './chat.errors.js';
import type { TChatDeps } from './deps.js';
import { toMessageView } from './message-view.js';
import { assistantQuality } from './monitor.use-case.js';
import { checkProviderUrl, literalHostRefusal, originOf, type TProviderAddressPolicy } from './provider-address.js';
import { appendToRoom } from './room-order.js';
import type { TSecretBox } from './secrets.js';

/** What the assistants run with: the chat's deps plus the secret box, the clock and dice (injectable in tests). */
export interface TAssistantDeps extends TChatDeps {
  secrets: TSecretBox;
  redis: Redis;
  /** This instance's name in the run log. */
  instance: string;
  now: () => Date;
  random: () => number;
  provider: { timeoutMs: number; retries: number; backoffMs: number; callsPerHour: number };
  /** Which provider addresses may be called, and the dispatcher that connects only to those (provider-address.ts). */
  providerAddress: { policy: TProviderAddressPolicy; dispatcher: Dispatcher };
  /** Open tasks' titles and published news titles, when a source is configured; empty lists otherwise. */
  context: () => Promise<{ tasks: string[]; news: string[] }>;
}

/* ---- Assistants CRUD. ---- */

export async function listChatAssistants(deps: TAssistantDeps): Promise<TChatAssistant[]> {
  return listAssistants(deps.pool);
}

export async function createChatAssistant(deps: TAssistantDeps, adminId: string, input: z.output<typeof ZCreateAssistantRequestSchema>): Promise<TChatAssistant> {
  const id = await insertAssistant(deps.pool, { ...input, createdBy: adminId });
  return (await findAssistant(deps.pool, id))!;
}

export async function updateChatAssistant(deps: TAssistantDeps, id: string, input: z.output<typeof ZUpdateAssistantRequestSchema>): Promise<TChatAssistant> {
  if (!(await updateAssistant(deps.pool, id, input))) throw CHAT_ERRORS.assistantNotFound();
  return (await findAssistant(deps.pool, id))!;
}

/** Removes an assistant from the list and from speaking; its messages keep its name and the badge Bot. */
export async function deleteChatAssistant(deps: TAssistantDeps, id: string): Promise<{ message: string }> {
  if (!(await markAssistantDeleted(deps.pool, id))) throw CHAT_ERRORS.assistantNotFound();
  return { message: 'Assistant deleted' };
}

/* ---- Settings. ---- */

interface TLoadedSettings {
  settings: TChatSettings;
  providerApiKeyEnc: string | null;
  updatedBy: string | null;
  updatedAt: Date | null;
}

async function loadSettings(db: Queryable, options: { forUpdate?: boolean } = {}): Promise<TLoadedSettings> {
  const row = await readSettingsRow(db, options);
  if (!row) return { settings: DEFAULT_CHAT_SETTINGS, providerApiKeyEnc: null, updatedBy: null, updatedAt: null };
  const parsed = ZChatSettingsSchema.safeParse(row.value);
  return { settings: parsed.success ? parsed.data : DEFAULT_CHAT_SETTINGS, providerApiKeyEnc: row.providerApiKeyEnc, updatedBy: row.updatedBy, updatedAt: row.updatedAt };
}

const viewOf = (loaded: TLoadedSettings): TChatSettingsView => ({
  ...loaded.settings,
  providerApiKeySet: loaded.providerApiKeyEnc !== null,
  updatedBy: loaded.updatedBy,
  updatedAt: loaded.updatedAt?.toISOString() ?? null,
});

export async function readChatSettings(deps: TAssistantDeps): Promise<TChatSettingsView> {
  return viewOf(await loadSettings(deps.pool));
}

/**
 * PUT /api/admin/chat-settings: the request was checked by ZUpdateChatSettingsRequestSchema (every message of spec
 * 03 s.5). The key is sealed (AES-256-GCM) before it is stored; the change is an event the admin service audits
 * (changed fields before and after; of the key only whether it was set or removed).
 *
 * The provider URL (issue 26): its host must resolve to public addresses unless the operator allows it
 * (provider-address.ts); and a stored key belongs to its URL's origin, so a new origin needs the key again (400
 * CHAT.PROVIDER_KEY_REQUIRED): an admin session cannot point the URL elsewhere and have the stored key sent there.
 */
export async function saveChatSettings(deps: TAssistantDeps, adminId: string, input: z.output<typeof ZUpdateChatSettingsRequestSchema>): Promise<TChatSettingsView> {
  const { providerApiKey, ...fields } = input;
  const settings: TChatSettings = ZChatSettingsSchema.parse(fields);
  await checkProviderUrl(settings.providerBaseUrl, deps.providerAddress.policy);
  return withTransaction(deps.pool, async (client) => {
    const current = await loadSettings(client, { forUpdate: true });
    const originChanged = originOf(settings.providerBaseUrl) !== originOf(current.settings.providerBaseUrl);
    // A stored key is sent only to the origin it was given for: another origin needs it again ('' removes it).
    if (settings.providerBaseUrl && originChanged && providerApiKey === undefined && current.providerApiKeyEnc) throw CHAT_ERRORS.providerKeyRequired();
    const keyChange = providerApiKey === undefined ? 'unchanged' : providerApiKey === '' ? (current.providerApiKeyEnc ? 'removed' : 'unchanged') : 'set';
    const providerApiKeyEnc = providerApiKey === undefined ? current.providerApiKeyEnc : providerApiKey === '' ? null : deps.secrets.seal(providerApiKey);
    const updatedAt = await writeSettingsRow(client, { value: settings, providerApiKeyEnc, updatedBy: adminId });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(settings) as (keyof TChatSettings)[]) {
      if (JSON.stringify(current.settings[key]) !== JSON.stringify(settings[key])) {
        before[key] = current.settings[key];
        after[key] = settings[key];
      }
    }
    if (Object.keys(after).length > 0 || keyChange !== 'unchanged') {
      await writeEvent(client, 'chat_settings.changed', {
        changedBy: adminId,
        changedAt: updatedAt.toISOString(),
        changedFields: [...Object.keys(after), ...(keyChange === 'unchanged' ? [] : ['providerApiKey'])],
        before,
        after,
        providerApiKey: keyChange,
      });
    }
    return viewOf({ settings, providerApiKeyEnc, updatedBy: adminId, updatedAt });
  });
}

/* ---- The one way an assistant message is stored. ---- */

export type TPostOutcome = { posted: true; message: TChatMessage } | { posted: false; reason: 'moderation' | 'promise' };

/**
 * Stores and publishes one assistant message (principle 1): assistant_id set, so is_bot is true (a generated
 * column); the text first passes the same matcher as a person's message and the no-promises rule, else it is
 * dropped and counted. The quality score (spec 03 s.4) is computed and kept with it.
 */
export async function postAssistantMessage(
  deps: TAssistantDeps,
  assistant: { id: string; preferredLanguage: TAssistantLanguage },
  content: string,
  replyToId: number | null = null,
): Promise<TPostOutcome> {
  const text = content.trim().slice(0, 2000);
  const matcher = deps.moderation.matcher();
  const reason = !text || !matcher.moderate(text).isAllowed ? 'moderation' : makesPromise(text) ? 'promise' : undefined;
  if (reason) {
    await countSchedule(deps.pool, 'dropped');
    deps.logger.info({ assistantId: assistant.id, reason }, 'assistant message dropped');
    return { posted: false, reason };
  }
  const { message } = await appendToRoom(deps, GENERAL_ROOM, async (client) => {
    const id = await insertAssistantMessage(client, { assistantId: assistant.id, content: text, replyToId });
    await insertQuality(client, id, assistant.id, assistantQuality(text, assistant.preferredLanguage, matcher));
    const stored = await findMessageById(client, id);
    return { message: toMessageView(stored!), created: true };
  });
  return { posted: true, message };
}

/* ---- Generation. ---- */

const HOUR_MS = 3_600_000;

function allowedLanguages(enforcement: TLanguageEnforcement): TAssistantLanguage[] {
  return enforcement === 'english_only' ? ['english'] : enforcement === 'russian_only' ? ['russian'] : ['english', 'russian'];
}

/**
 * The provider when one is configured (falling back to the offline generator when it fails or the hourly budget
 * is spent, counted), else the offline generator.
 */
async function generate(deps: TAssistantDeps, loaded: TLoadedSettings, request: TGenerationRequest): Promise<{ text: string; by: TGenerator['name'] }> {
  const offline = createOfflineGenerator();
  if (!loaded.settings.providerBaseUrl) return { text: await offline.generate(request), by: 'offline' };
  let apiKey: string | null = null;
  try {
    apiKey = loaded.providerApiKeyEnc ? deps.secrets.open(loaded.providerApiKeyEnc) : null;
  } catch (error) {
    deps.logger.warn({ err: error }, 'assistant provider key cannot be opened (CHAT_SECRETS_KEY changed?); calling without it');
  }
  const provider = createProviderGenerator({
    apiKey,
    timeoutMs: deps.provider.timeoutMs,
    retries: deps.provider.retries,
    backoffMs: deps.provider.backoffMs,
    dispatcher: deps.providerAddress.dispatcher,
    refuseLiteralHost: (url) => literalHostRefusal(url, deps.providerAddress.policy),
    takeBudget: async () => {
      const key = `chat:assistant:provider-calls:${Math.floor(deps.now().getTime() / HOUR_MS)}`;
      const used = await deps.redis.incr(key);
      if (used === 1) await deps.redis.pexpire(key, HOUR_MS * 2);
      return used <= deps.provider.callsPerHour;
    },
  });
  try {
    return { text: await provider.generate(request), by: 'provider' };
  } catch (error) {
    await countSchedule(deps.pool, 'provider_fallbacks');
    deps.logger.warn({ err: error }, 'assistant provider failed; the offline generator answers');
    return { text: await offline.generate(request), by: 'offline' };
  }
}

/* ---- The scheduler's tick. ---- */

export interface TTickResult {
  enabled: boolean;
  replies: number;
  /** The scheduled run claimed by this tick (undefined: none was due, or another instance had it). */
  run?: { dueAt: string; planned: number; posted: number; dropped: number };
}

/** The next run: intervalSeconds ± intervalVarianceSeconds, never under the 15 s floor (spec 03 s.9). */
export function nextRunAt(settings: TChatSettings, now: Date, random: () => number): Date {
  const variance = (random() * 2 - 1) * settings.intervalVarianceSeconds;
  const seconds = Math.max(15, settings.intervalSeconds + variance);
  return new Date(now.getTime() + Math.round(seconds * 1000));
}

const randomInt = (min: number, max: number, random: () => number) => min + Math.floor(random() * (max - min + 1)) % (max - min + 1);

/**
 * One tick of the assistants (the BullMQ job runs it every ASSISTANT_TICK_MS on whichever instance gets it; a
 * direct call is the same). Disabled: the schedule is cleared and nothing is posted. Enabled: first every
 * undecided question of a person in the last realUserPriorityMinutes is decided (answered with replyProbability by
 * an assistant speaking its language, if languageEnforcement allows that language); then, if the scheduled run is
 * due and this tick claims it, messagesPerIntervalMin..Max messages, stopping at maxConsecutiveMessages in a row
 * by assistants, and continuing a run of assistant messages only with consecutiveMessageChance.
 */
export async function runAssistantTick(deps: TAssistantDeps): Promise<TTickResult> {
  const loaded = await loadSettings(deps.pool);
  const { settings } = loaded;
  if (!settings.aiEnabled) {
    await clearSchedule(deps.pool);
    return { enabled: false, replies: 0 };
  }
  const languages = allowedLanguages(settings.languageEnforcement);
  const speakers = (await listSpeakingAssistants(deps.pool)).filter((a) => languages.includes(a.preferredLanguage));
  const context = await deps.context().catch(() => ({ tasks: [], news: [] }));
  const result: TTickResult = { enabled: true, replies: 0 };

  // Replies first: a person's question is answered before anything else is posted.
  if (settings.replyEnabled) {
    const since = new Date(deps.now().getTime() - settings.realUserPriorityMinutes * 60_000);
    for (const candidate of await findUndecidedMessages(deps.pool, since, 20)) {
      if (!(await claimQuestion(deps.pool, candidate.id))) continue;
      if (!isQuestion(candidate.content)) {
        await decideQuestion(deps.pool, candidate.id, 'not_question');
        continue;
      }
      const language = languageOf(candidate.content) ?? 'english';
      if (!languages.includes(language)) {
        await decideQuestion(deps.pool, candidate.id, 'skipped_language');
        continue;
      }
      if (deps.random() >= settings.replyProbability) {
        await decideQuestion(deps.pool, candidate.id, 'skipped_probability');
        continue;
      }
      const fluent = speakers.filter((a) => a.preferredLanguage === language);
      if (fluent.length === 0) {
        await decideQuestion(deps.pool, candidate.id, 'no_assistant');
        continue;
      }
      const assistant = fluent[Math.floor(deps.random() * fluent.length) % fluent.length]!;
      const { text } = await generate(deps, loaded, {
        kind: 'reply',
        language,
        assistantName: assistant.displayName,
        question: candidate.content,
        settings,
        context,
        recent: [],
        random: deps.random,
      });
      const outcome = await postAssistantMessage(deps, assistant, text, candidate.id);
      await decideQuestion(deps.pool, candidate.id, outcome.posted ? 'answered' : 'dropped', outcome.posted ? outcome.message.id : null);
      if (outcome.posted) {
        result.replies += 1;
        await countSchedule(deps.pool, 'replies');
      }
    }
  }

  if (speakers.length === 0) return result;
  const now = deps.now();
  const dueAt = await claimDueRun(deps.pool, now, nextRunAt(settings, now, deps.random));
  if (!dueAt) return result;
  const planned = randomInt(settings.messagesPerIntervalMin, settings.messagesPerIntervalMax, deps.random);
  const runId = await recordRun(deps.pool, { dueAt, ranAt: now, instance: deps.instance, planned });
  if (runId === undefined) return result;
  const run = { dueAt: dueAt.toISOString(), planned, posted: 0, dropped: 0 };
  result.run = run;
  let lastSpeaker: string | undefined;
  let lastTopic: string | undefined;
  for (let i = 0; i < planned; i += 1) {
    const trailing = await countTrailingAssistantMessages(deps.pool, settings.maxConsecutiveMessages);
    if (trailing >= settings.maxConsecutiveMessages) break;
    if (trailing >= 1 && (!settings.enableConsecutiveMessages || deps.random() >= settings.consecutiveMessageChance)) break;
    const choices = speakers.length > 1 ? speakers.filter((a) => a.id !== lastSpeaker) : speakers;
    const assistant = choices[Math.floor(deps.random() * choices.length) % choices.length]!;
    const topics = settings.chatTopics.length > 1 && settings.topicVarietyEnabled ? settings.chatTopics.filter((t) => t !== lastTopic) : settings.chatTopics;
    const topic = topics.length > 0 ? topics[Math.floor(deps.random() * topics.length) % topics.length] : undefined;
    const { text } = await generate(deps, loaded, {
      kind: 'post',
      language: assistant.preferredLanguage,
      assistantName: assistant.displayName,
      topic,
      settings,
      context,
      recent: await recentAssistantTexts(deps.pool, 10),
      random: deps.random,
    });
    const outcome = await postAssistantMessage(deps, assistant, text);
    if (outcome.posted) {
      run.posted += 1;
      lastSpeaker = assistant.id;
      lastTopic = topic;
    } else run.dropped += 1;
  }
  await finishRun(deps.pool, runId, run.posted);
  if (run.posted > 0) await countSchedule(deps.pool, 'posted', run.posted);
  return result;
}
