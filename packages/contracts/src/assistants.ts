// First: in a browser, zod must not probe for eval before any schema is built (see zod-setup.ts).
import './zod-setup.js';
import { z } from 'zod';
import { fieldIssueCode } from './errors.js';
import { ZTextSchema } from './common.js';

/**
 * Chat assistants and their settings (spec 03 "Chat Management", chat_assistants and chat_settings as AMENDED,
 * s.5 validation, s.9 constants; issue 13). Principle 1: an assistant is always a labelled bot; nothing here can
 * make one pass for a person (no typos, typing, presence or read-receipt settings exist), and no request carries
 * isBot or assistantId for a message: the server sets them.
 *
 * The one schema below (ZChatSettingsSchema) is what PUT /api/admin/chat-settings enforces and what the Assistant
 * Settings form validates with, so both give the same messages.
 */

export const ASSISTANT_LANGUAGES = ['english', 'russian'] as const;
export type TAssistantLanguage = (typeof ASSISTANT_LANGUAGES)[number];
export const LANGUAGE_ENFORCEMENTS = ['english_only', 'russian_only', 'mixed'] as const;
export type TLanguageEnforcement = (typeof LANGUAGE_ENFORCEMENTS)[number];

/** Spec 03 s.9: interval bounds, variance bounds, the floor of the calculated interval, message counts. */
export const ASSISTANT_LIMITS = {
  intervalMinSeconds: 15,
  intervalMaxSeconds: 300,
  varianceMaxSeconds: 60,
  /** The interval after variance is never shorter than this. */
  intervalFloorSeconds: 15,
  messagesMin: 1,
  messagesMax: 10,
  priorityMinutesMax: 60,
  displayNameMax: 100,
  avatarMax: 500,
  promptMax: 4000,
  rulesMax: 4000,
  topicsMax: 50,
  topicMax: 200,
} as const;

export const ASSISTANT_MESSAGES = {
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name can be at most ${ASSISTANT_LIMITS.displayNameMax} characters`,
  avatarTooLong: `Avatar can be at most ${ASSISTANT_LIMITS.avatarMax} characters`,
  languageInvalid: 'Preferred language must be english or russian',
  promptRequired: 'AI prompt is required when AI is enabled',
  minMessages: 'Minimum messages must be at least 1',
  minMessagesMax: 'Minimum messages cannot exceed 10',
  maxMessages: 'Maximum messages must be at least 1',
  maxMessagesMax: 'Maximum messages cannot exceed 10',
  maxBelowMin: 'Maximum messages must be greater than or equal to minimum messages',
  intervalMin: 'Interval must be at least 15 seconds',
  intervalMax: 'Interval cannot exceed 300 seconds',
  varianceMin: 'Variance cannot be negative',
  varianceMax: 'Variance cannot exceed 60 seconds',
  maxConsecutive: 'Max consecutive messages must be at least 1',
  maxConsecutiveMax: 'Max consecutive messages cannot exceed 10',
  chanceRange: 'Consecutive message chance must be between 0.0 and 1.0',
  probabilityRange: 'Reply probability must be between 0.0 and 1.0',
  priorityMin: 'Priority window must be at least 1 minute',
  priorityMax: 'Priority window cannot exceed 60 minutes',
  providerUrlInvalid: 'Provider base URL must be an http or https URL',
  providerKeyTooLong: 'Provider API key can be at most 500 characters',
  modelInvalid: 'Model must be 1 to 100 characters',
  promptTooLong: 'AI prompt can be at most 4000 characters',
  rulesTooLong: 'Chat rules can be at most 4000 characters',
  topicsTooMany: 'At most 50 topics',
  topicInvalid: 'Each topic must be 1 to 200 characters',
  enforcementInvalid: 'Language enforcement must be english_only, russian_only or mixed',
  booleanInvalid: 'Must be true or false',
} as const;

/* ---- Assistants. ---- */

const ZDisplayNameSchema = ZTextSchema('Display name', { error: ASSISTANT_MESSAGES.displayNameRequired })
  .trim()
  .min(1, ASSISTANT_MESSAGES.displayNameRequired)
  .max(ASSISTANT_LIMITS.displayNameMax, ASSISTANT_MESSAGES.displayNameTooLong)
  .refine((v) => !v.includes('\n') && !v.includes('\t'), { message: 'Display name must be one line', params: fieldIssueCode('FIELD.INVALID') });
/** Emoji or URL; empty means none. */
const ZAvatarSchema = ZTextSchema('Avatar', { error: ASSISTANT_MESSAGES.avatarTooLong })
  .trim()
  .max(ASSISTANT_LIMITS.avatarMax, ASSISTANT_MESSAGES.avatarTooLong)
  .nullable()
  .transform((v) => (v ? v : null));
const ZLanguageSchema = z.enum(ASSISTANT_LANGUAGES, { error: ASSISTANT_MESSAGES.languageInvalid });
const ZBooleanSchema = z.boolean({ error: ASSISTANT_MESSAGES.booleanInvalid });

/** POST /api/admin/chat-assistants. isBot is not a field: every assistant is a bot. */
export const ZCreateAssistantRequestSchema = z.strictObject({
  displayName: ZDisplayNameSchema,
  avatar: ZAvatarSchema.optional().default(null),
  isActive: ZBooleanSchema.default(true),
  preferredLanguage: ZLanguageSchema.default('english'),
});
export type TCreateAssistantRequest = z.input<typeof ZCreateAssistantRequestSchema>;

/** PATCH /api/admin/chat-assistants/{id}: any of the fields. */
export const ZUpdateAssistantRequestSchema = z.strictObject({
  displayName: ZDisplayNameSchema.optional(),
  avatar: ZAvatarSchema.optional(),
  isActive: ZBooleanSchema.optional(),
  preferredLanguage: ZLanguageSchema.optional(),
});
export type TUpdateAssistantRequest = z.input<typeof ZUpdateAssistantRequestSchema>;

export const ZChatAssistantSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  isActive: z.boolean(),
  preferredLanguage: ZLanguageSchema,
  /** Always true (principle 1); shown as the badge Bot. */
  isBot: z.literal(true),
  messageCount: z.number().int(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TChatAssistant = z.infer<typeof ZChatAssistantSchema>;
export const ZChatAssistantListSchema = z.array(ZChatAssistantSchema);

/* ---- Settings. ---- */

const count = (minMessage: string, maxMessage: string) =>
  z
    .number({ error: minMessage })
    .int(minMessage)
    .min(ASSISTANT_LIMITS.messagesMin, minMessage)
    .max(ASSISTANT_LIMITS.messagesMax, maxMessage);
const share = (message: string) => z.number({ error: message }).min(0, message).max(1, message);

/** The editable fields with their defaults (spec 03 chat_settings, AMENDED; s.9 defaults). */
const ZChatSettingsFieldsSchema = z.strictObject({
  aiEnabled: ZBooleanSchema.default(false),
  /** Empty: the built-in offline generator. */
  providerBaseUrl: ZTextSchema('Provider base URL', { error: ASSISTANT_MESSAGES.providerUrlInvalid })
    .trim()
    .max(500, ASSISTANT_MESSAGES.providerUrlInvalid)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: ASSISTANT_MESSAGES.providerUrlInvalid, params: fieldIssueCode('FIELD.INVALID') })
    .default(''),
  model: ZTextSchema('Model', { error: ASSISTANT_MESSAGES.modelInvalid }).trim().min(1, ASSISTANT_MESSAGES.modelInvalid).max(100, ASSISTANT_MESSAGES.modelInvalid).default('gpt-4o-mini'),
  aiPrompt: ZTextSchema('AI prompt', { error: ASSISTANT_MESSAGES.promptRequired })
    .trim()
    .max(ASSISTANT_LIMITS.promptMax, ASSISTANT_MESSAGES.promptTooLong)
    .default(
      'You are a chat assistant bot in the general room of a crowd-work platform. You are clearly labelled as a bot and never claim to be a person. Share short, practical tips about finding, doing and submitting tasks well. Never promise earnings, income or payouts.',
    ),
  messagesPerIntervalMin: count(ASSISTANT_MESSAGES.minMessages, ASSISTANT_MESSAGES.minMessagesMax).default(1),
  messagesPerIntervalMax: count(ASSISTANT_MESSAGES.maxMessages, ASSISTANT_MESSAGES.maxMessagesMax).default(3),
  intervalSeconds: z
    .number({ error: ASSISTANT_MESSAGES.intervalMin })
    .int(ASSISTANT_MESSAGES.intervalMin)
    .min(ASSISTANT_LIMITS.intervalMinSeconds, ASSISTANT_MESSAGES.intervalMin)
    .max(ASSISTANT_LIMITS.intervalMaxSeconds, ASSISTANT_MESSAGES.intervalMax)
    .default(30),
  intervalVarianceSeconds: z
    .number({ error: ASSISTANT_MESSAGES.varianceMin })
    .int(ASSISTANT_MESSAGES.varianceMin)
    .min(0, ASSISTANT_MESSAGES.varianceMin)
    .max(ASSISTANT_LIMITS.varianceMaxSeconds, ASSISTANT_MESSAGES.varianceMax)
    .default(15),
  maxConsecutiveMessages: count(ASSISTANT_MESSAGES.maxConsecutive, ASSISTANT_MESSAGES.maxConsecutiveMax).default(3),
  enableConsecutiveMessages: ZBooleanSchema.default(true),
  consecutiveMessageChance: share(ASSISTANT_MESSAGES.chanceRange).default(0.3),
  replyEnabled: ZBooleanSchema.default(true),
  replyProbability: share(ASSISTANT_MESSAGES.probabilityRange).default(0.6),
  realUserPriorityMinutes: z
    .number({ error: ASSISTANT_MESSAGES.priorityMin })
    .int(ASSISTANT_MESSAGES.priorityMin)
    .min(1, ASSISTANT_MESSAGES.priorityMin)
    .max(ASSISTANT_LIMITS.priorityMinutesMax, ASSISTANT_MESSAGES.priorityMax)
    .default(1),
  chatRules: ZTextSchema('Chat rules', { error: ASSISTANT_MESSAGES.rulesTooLong })
    .trim()
    .max(ASSISTANT_LIMITS.rulesMax, ASSISTANT_MESSAGES.rulesTooLong)
    .default('Be polite and helpful. Never promise earnings or payouts. Point people with account questions to Support.'),
  chatTopics: z
    .array(ZTextSchema('Topic', { error: ASSISTANT_MESSAGES.topicInvalid }).trim().min(1, ASSISTANT_MESSAGES.topicInvalid).max(ASSISTANT_LIMITS.topicMax, ASSISTANT_MESSAGES.topicInvalid), {
      error: ASSISTANT_MESSAGES.topicInvalid,
    })
    .max(ASSISTANT_LIMITS.topicsMax, ASSISTANT_MESSAGES.topicsTooMany)
    .default(['Reading task instructions', 'Writing a clear submission', 'How review works', 'Withdrawals and wallets']),
  topicVarietyEnabled: ZBooleanSchema.default(true),
  languageEnforcement: z.enum(LANGUAGE_ENFORCEMENTS, { error: ASSISTANT_MESSAGES.enforcementInvalid }).default('english_only'),
});

type TSettingsFields = z.output<typeof ZChatSettingsFieldsSchema>;

/** The rules between fields (spec 03 s.5), on the path of the field the form marks. */
function checkAcrossFields(value: TSettingsFields, ctx: z.RefinementCtx): void {
  if (value.aiEnabled && value.aiPrompt.length === 0) ctx.addIssue({ code: 'custom', path: ['aiPrompt'], message: ASSISTANT_MESSAGES.promptRequired });
  if (value.messagesPerIntervalMax < value.messagesPerIntervalMin) {
    ctx.addIssue({ code: 'custom', path: ['messagesPerIntervalMax'], message: ASSISTANT_MESSAGES.maxBelowMin });
  }
}

/** The settings as stored and as the form holds them (without the API key). */
export const ZChatSettingsSchema = ZChatSettingsFieldsSchema.superRefine(checkAcrossFields);
export type TChatSettings = z.output<typeof ZChatSettingsSchema>;
export type TChatSettingsInput = z.input<typeof ZChatSettingsSchema>;

/**
 * PUT /api/admin/chat-settings: every field (defaults fill what is left out) plus providerApiKey: left out keeps the
 * stored key, '' removes it, anything else replaces it (stored encrypted, never returned).
 */
export const ZUpdateChatSettingsRequestSchema = ZChatSettingsFieldsSchema.extend({
  providerApiKey: ZTextSchema('Provider API key', { error: ASSISTANT_MESSAGES.providerKeyTooLong }).trim().max(500, ASSISTANT_MESSAGES.providerKeyTooLong).optional(),
}).superRefine(checkAcrossFields);
export type TUpdateChatSettingsRequest = z.input<typeof ZUpdateChatSettingsRequestSchema>;

/** GET and PUT answer: the settings, whether a key is stored (never the key), who changed them last and when. */
export const ZChatSettingsViewSchema = ZChatSettingsFieldsSchema.extend({
  providerApiKeySet: z.boolean(),
  updatedBy: z.uuid().nullable(),
  updatedAt: z.string().nullable(),
});
export type TChatSettingsView = z.infer<typeof ZChatSettingsViewSchema>;

/** The defaults (spec 03 s.9). */
export const DEFAULT_CHAT_SETTINGS: TChatSettings = ZChatSettingsSchema.parse({});

/** Spec 03 s.4: 4 or more is good, 3 fair, less poor. */
export function qualityBand(score: number): 'good' | 'fair' | 'poor' {
  return score >= 4 ? 'good' : score === 3 ? 'fair' : 'poor';
}
