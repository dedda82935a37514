import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSISTANT_MESSAGES } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAssistantTick, type TAssistantDeps } from '../src/domain/assistants.use-case.js';
import { post, startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

/**
 * Issue 13: assistants CRUD, settings (every spec 03 s.5 message, the key sealed and never returned, the change
 * audited by event), the scheduler's tick on a simulated clock (bounds, consecutive rule, replies first and in the
 * question's language, two instances never posting one run twice), the provider client against a real HTTP server
 * speaking the chat-completions format (and the fall-back when it fails), moderation of generated text, and every
 * path that could store an assistant message without isBot.
 */

/** A local OpenAI-compatible server: answers from `reply`, or fails with `failWith`; keeps every request. */
interface TProvider {
  url: string;
  requests: { headers: IncomingMessage['headers']; body: { model: string; messages: { role: string; content: string }[] } }[];
  reply: string;
  failWith: number | 'hang' | null;
  close(): Promise<void>;
}

async function startProvider(): Promise<TProvider> {
  const state: TProvider = { url: '', requests: [], reply: 'Remember to read the task instructions fully before you start working.', failWith: null, close: async () => undefined };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      state.requests.push({ headers: req.headers, body: JSON.parse(raw) as TProvider['requests'][number]['body'] });
      if (state.failWith === 'hang') return; // never answers: the client's timeout must end it
      if (typeof state.failWith === 'number') {
        res.writeHead(state.failWith, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream trouble' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'test-model',
          choices: [{ index: 0, message: { role: 'assistant', content: state.reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

let h: TChatHarness;
let worker: TTestUser;
let provider: TProvider;
let english: { id: string };
let russian: { id: string };

/** A simulated clock and seeded dice for direct ticks. */
let simulated = Date.now();
let seed = 1;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};
const depsOf = (instance: 'a' | 'b' = 'a', extra: Partial<TAssistantDeps> = {}): TAssistantDeps => ({ ...h[instance].assistantDeps, now: () => new Date(simulated), random, ...extra });
const tick = (instance: 'a' | 'b' = 'a', extra: Partial<TAssistantDeps> = {}) => runAssistantTick(depsOf(instance, extra));

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  aiEnabled: true,
  providerBaseUrl: '',
  aiPrompt: 'Be useful.',
  messagesPerIntervalMin: 1,
  messagesPerIntervalMax: 3,
  intervalSeconds: 30,
  intervalVarianceSeconds: 15,
  maxConsecutiveMessages: 3,
  enableConsecutiveMessages: true,
  consecutiveMessageChance: 0.3,
  replyEnabled: false,
  replyProbability: 0.6,
  realUserPriorityMinutes: 1,
  chatRules: 'Be kind.',
  chatTopics: ['Reading instructions', 'Clear submissions'],
  topicVarietyEnabled: true,
  languageEnforcement: 'english_only',
  ...overrides,
});
const putSettings = (overrides: Record<string, unknown> = {}) => h.api('PUT', '/api/admin/chat-settings', { token: h.admin.token, body: settingsBody(overrides) });
const assistantMessages = () =>
  h.query<{ id: string; assistant_id: string | null; is_bot: boolean; content: string; reply_to_id: string | null; user_id: string | null }>(
    `SELECT id, assistant_id, is_bot, content, reply_to_id, user_id FROM chat_messages WHERE chat_type = 'general' ORDER BY id`,
  );
/** Starts each schedule test from an empty room and a cleared schedule. */
const resetRoom = async () => {
  await h.query('DELETE FROM chat_assistant_quality');
  await h.query('DELETE FROM chat_assistant_replies');
  await h.query('DELETE FROM chat_assistant_runs');
  await h.query('DELETE FROM chat_read_state');
  await h.query('DELETE FROM chat_messages');
  await h.query('UPDATE chat_assistant_schedule SET next_post_at = NULL');
};

beforeAll(async () => {
  provider = await startProvider();
  h = await startChatHarness('chat_assistants', { ASSISTANT_PROVIDER_TIMEOUT_MS: '300', ASSISTANT_PROVIDER_RETRIES: '2', ASSISTANT_PROVIDER_BACKOFF_MS: '20', SEND_LIMIT_MESSAGES: '10000', CHAT_SECRETS_KEY: 'ab'.repeat(32), ASSISTANT_PROVIDER_ALLOWED_HOSTS: '127.0.0.1' });
  worker = await h.newUser({ firstName: 'Wanda', lastName: 'Worker' });
});
afterAll(async () => {
  await h?.close();
  await provider?.close();
});

describe('assistants CRUD', () => {
  it('when a worker calls the assistant routes, then 403', async () => {
    expect((await h.api('GET', '/api/admin/chat-assistants', { token: worker.token })).status).toBe(403);
    expect((await h.api('POST', '/api/admin/chat-assistants', { token: worker.token, body: { displayName: 'X' } })).status).toBe(403);
    expect((await h.api('GET', '/api/admin/chat-settings', { token: worker.token })).status).toBe(403);
    expect((await h.api('PUT', '/api/admin/chat-settings', { token: worker.token, body: settingsBody() })).status).toBe(403);
  });

  it('when the admin creates, edits, lists and deletes assistants, then each answer is the stored bot', async () => {
    const created = await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: { displayName: '  Helper Bot ', avatar: '🤖', preferredLanguage: 'english' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ displayName: 'Helper Bot', avatar: '🤖', isActive: true, preferredLanguage: 'english', isBot: true, messageCount: 0, createdBy: h.admin.id });
    english = created.body;
    russian = (await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: { displayName: 'Помощник', preferredLanguage: 'russian' } })).body;
    const temp = (await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: { displayName: 'Temp' } })).body;

    const edited = await h.api('PATCH', `/api/admin/chat-assistants/${temp.id}`, { token: h.admin.token, body: { isActive: false, avatar: '' } });
    expect(edited.body).toMatchObject({ isActive: false, avatar: null, displayName: 'Temp' });
    expect((await h.api('DELETE', `/api/admin/chat-assistants/${temp.id}`, { token: h.admin.token })).status).toBe(200);
    expect((await h.api('DELETE', `/api/admin/chat-assistants/${temp.id}`, { token: h.admin.token })).status).toBe(404);
    const list = await h.api('GET', '/api/admin/chat-assistants', { token: h.admin.token });
    expect(list.body.map((a: { displayName: string }) => a.displayName)).toEqual(['Helper Bot', 'Помощник']);
  });

  it('when an assistant request is invalid, then 400 with the spec message and field', async () => {
    const blank = await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: { displayName: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: 'Display name is required', field: 'displayName' });
    expect((await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: {} })).body).toMatchObject({ message: 'Display name is required' });
    expect((await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: { displayName: 'X', preferredLanguage: 'french' } })).body).toMatchObject({
      message: ASSISTANT_MESSAGES.languageInvalid,
    });
    expect((await h.api('PATCH', '/api/admin/chat-assistants/not-a-uuid', { token: h.admin.token, body: { isActive: true } })).status).toBe(404);
  });
});

describe('no path stores an assistant message with isBot false, nor a person\'s with isBot true', () => {
  it('when an admin or a worker sends isBot or assistantId over HTTP, the socket or the assistant routes, then refused and nothing stored', async () => {
    const before = (await assistantMessages()).length;
    for (const user of [h.admin, worker]) {
      for (const extra of [{ isBot: false }, { isBot: true }, { assistantId: english.id }, { assistantId: english.id, isBot: false }, { isFromAdmin: false }]) {
        const res = await h.api('POST', '/api/chat/messages', { token: user.token, body: { content: 'pretend', chatType: 'general', ...extra } });
        expect(res.status).toBe(400);
      }
    }
    expect((await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: { displayName: 'Human', isBot: false } })).status).toBe(400);
    expect((await h.api('PATCH', `/api/admin/chat-assistants/${english.id}`, { token: h.admin.token, body: { isBot: false } })).status).toBe(400);
    expect((await h.api('PUT', '/api/admin/chat-settings', { token: h.admin.token, body: { ...settingsBody(), simulateTyping: true } })).status).toBe(400);
    const socket = await h.connect(h.admin);
    socket.send({ type: 'chat_message', content: 'pretend', chatType: 'general', assistantId: english.id, isBot: false, clientId: crypto.randomUUID() });
    await socket.next((f) => f.type === 'error', { what: 'the refusal of the frame' });
    expect((await assistantMessages()).length).toBe(before);
  });

  it('when the database is asked directly, then is_bot follows assistant_id and cannot be written', async () => {
    await expect(h.query(`INSERT INTO chat_messages (assistant_id, is_bot, content, chat_type) VALUES ($1, false, 'x', 'general')`, [english.id])).rejects.toThrow(/is_bot/);
    await expect(h.query(`UPDATE chat_messages SET is_bot = false WHERE assistant_id IS NOT NULL`)).rejects.toThrow(/is_bot/);
    await expect(h.query(`INSERT INTO chat_messages (user_id, assistant_id, content, chat_type) VALUES ($1, $2, 'x', 'general')`, [worker.id, english.id])).rejects.toThrow();
  });
});

describe('/api/admin/chat-settings', () => {
  it('when nothing was saved, then the defaults of spec 03 s.9 and no key', async () => {
    const res = await h.api('GET', '/api/admin/chat-settings', { token: h.admin.token });
    expect(res.body).toMatchObject({
      aiEnabled: false,
      messagesPerIntervalMin: 1,
      messagesPerIntervalMax: 3,
      intervalSeconds: 30,
      intervalVarianceSeconds: 15,
      maxConsecutiveMessages: 3,
      consecutiveMessageChance: 0.3,
      replyProbability: 0.6,
      realUserPriorityMinutes: 1,
      languageEnforcement: 'english_only',
      providerApiKeySet: false,
      updatedBy: null,
    });
  });

  it.each([
    [{ aiPrompt: '   ' }, 'aiPrompt', ASSISTANT_MESSAGES.promptRequired],
    [{ messagesPerIntervalMin: 0 }, 'messagesPerIntervalMin', 'Minimum messages must be at least 1'],
    [{ messagesPerIntervalMax: 0, messagesPerIntervalMin: 1 }, 'messagesPerIntervalMax', 'Maximum messages must be at least 1'],
    [{ messagesPerIntervalMin: 5, messagesPerIntervalMax: 2 }, 'messagesPerIntervalMax', 'Maximum messages must be greater than or equal to minimum messages'],
    [{ messagesPerIntervalMax: 11 }, 'messagesPerIntervalMax', ASSISTANT_MESSAGES.maxMessagesMax],
    [{ intervalSeconds: 14 }, 'intervalSeconds', 'Interval must be at least 15 seconds'],
    [{ intervalSeconds: 301 }, 'intervalSeconds', 'Interval cannot exceed 300 seconds'],
    [{ intervalVarianceSeconds: -1 }, 'intervalVarianceSeconds', 'Variance cannot be negative'],
    [{ intervalVarianceSeconds: 61 }, 'intervalVarianceSeconds', 'Variance cannot exceed 60 seconds'],
    [{ maxConsecutiveMessages: 0 }, 'maxConsecutiveMessages', 'Max consecutive messages must be at least 1'],
    [{ consecutiveMessageChance: 1.5 }, 'consecutiveMessageChance', ASSISTANT_MESSAGES.chanceRange],
    [{ replyProbability: -0.1 }, 'replyProbability', ASSISTANT_MESSAGES.probabilityRange],
    [{ languageEnforcement: 'klingon' }, 'languageEnforcement', ASSISTANT_MESSAGES.enforcementInvalid],
    [{ providerBaseUrl: 'ftp://x' }, 'providerBaseUrl', ASSISTANT_MESSAGES.providerUrlInvalid],
  ])('when the settings are %j, then 400 on %s with "%s" and nothing saved', async (overrides, field, message) => {
    const res = await putSettings(overrides);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
    expect(await h.query('SELECT 1 FROM chat_settings')).toEqual([]);
  });

  it('when the admin saves a provider key, then it is stored sealed (AES-256-GCM), never returned, and the change is an audited event', async () => {
    const saved = await putSettings({ aiEnabled: false, providerBaseUrl: provider.url, providerApiKey: 'sk-test-secret-123' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ providerApiKeySet: true, providerBaseUrl: provider.url, updatedBy: h.admin.id });
    expect(saved.text).not.toContain('sk-test-secret-123');
    const [row] = await h.query<{ provider_api_key_enc: string; value: object }>('SELECT provider_api_key_enc, value FROM chat_settings');
    expect(row!.provider_api_key_enc).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('sk-test-secret-123');
    expect(h.a.assistantDeps.secrets.open(row!.provider_api_key_enc)).toBe('sk-test-secret-123');
    const read = await h.api('GET', '/api/admin/chat-settings', { token: h.admin.token });
    expect(read.text).not.toContain('sk-test');
    expect(read.body.providerApiKeySet).toBe(true);

    // Leaving the key out keeps it; '' removes it. Each change is an event for the audit log, never with the key.
    await putSettings({ aiEnabled: false, providerBaseUrl: provider.url, intervalSeconds: 45 });
    expect((await h.api('GET', '/api/admin/chat-settings', { token: h.admin.token })).body).toMatchObject({ providerApiKeySet: true, intervalSeconds: 45 });
    const events = await h.query<{ payload: string }>(`SELECT payload::text AS payload FROM outbox WHERE type = 'chat_settings.changed' ORDER BY created_at`);
    expect(events.map((e) => JSON.parse(e.payload).data)).toEqual([
      expect.objectContaining({ changedBy: h.admin.id, providerApiKey: 'set', changedFields: expect.arrayContaining(['providerBaseUrl', 'providerApiKey']) }),
      expect.objectContaining({ providerApiKey: 'unchanged', changedFields: ['intervalSeconds'], before: { intervalSeconds: 30 }, after: { intervalSeconds: 45 } }),
    ]);
    expect(events.map((e) => e.payload).join()).not.toContain('sk-test');
  });
});

describe('the scheduler (simulated clock)', () => {
  beforeEach(async () => {
    await resetRoom();
  });

  it('when enabled, then every run is intervalSeconds ± variance apart (floor 15 s) and posts min..max messages', async () => {
    await putSettings({ messagesPerIntervalMin: 2, messagesPerIntervalMax: 4, intervalSeconds: 20, intervalVarianceSeconds: 10, maxConsecutiveMessages: 10, consecutiveMessageChance: 1 });
    const runs: { at: number; posted: number }[] = [];
    const start = simulated;
    // 5 simulated minutes in 5 s steps; a person speaks after every run, so the consecutive rule never stops a run.
    for (let t = 0; t < 60; t += 1) {
      simulated = start + t * 5_000;
      const result = await tick();
      if (result.run) {
        runs.push({ at: simulated, posted: result.run.posted });
        await post(h, worker, `thanks ${t}`);
      }
    }
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(300 / 30));
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(300 / 15) + 1);
    for (const run of runs) {
      expect(run.posted).toBeGreaterThanOrEqual(2);
      expect(run.posted).toBeLessThanOrEqual(4);
    }
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]!.at - runs[i - 1]!.at).toBeGreaterThanOrEqual(15_000);
    const bots = (await assistantMessages()).filter((m) => m.assistant_id);
    expect(bots.length).toBe(runs.reduce((sum, r) => sum + r.posted, 0));
    expect(bots.every((m) => m.is_bot && m.user_id === null)).toBe(true);
    // english_only: only the English assistant spoke, and the texts vary.
    expect(new Set(bots.map((m) => m.assistant_id))).toEqual(new Set([english.id]));
    expect(new Set(bots.map((m) => m.content)).size).toBeGreaterThanOrEqual(Math.min(12, bots.length));
    for (let i = 1; i < bots.length; i += 1) expect(bots[i]!.content).not.toBe(bots[i - 1]!.content);
    // Every assistant message has its quality score, shown by the monitor with the 24 h shares.
    const monitor = await h.api('GET', '/api/admin/chat-messages?filter=assistants&pageSize=100', { token: h.admin.token });
    expect(monitor.body.items.length).toBe(Math.min(100, bots.length));
    expect(monitor.body.items.every((m: { isBot: boolean; quality: { score: number } | null }) => m.isBot && m.quality && m.quality.score >= 1)).toBe(true);
    const stats = await h.api('GET', '/api/admin/chat-messages/stats', { token: h.admin.token });
    expect(stats.body.assistantQualityLast24h).toMatchObject({ scored: bots.length });
    const shares = stats.body.assistantQualityLast24h;
    expect(shares.good + shares.fair + shares.poor).toBeCloseTo(1, 2);
  });

  it('when nobody else speaks, then never more than maxConsecutiveMessages in a row, and with chance 0 nothing follows an assistant', async () => {
    await putSettings({ messagesPerIntervalMin: 3, messagesPerIntervalMax: 3, intervalSeconds: 15, intervalVarianceSeconds: 0, maxConsecutiveMessages: 2, consecutiveMessageChance: 1 });
    for (let t = 0; t < 10; t += 1) {
      simulated += 15_000;
      await tick();
    }
    expect((await assistantMessages()).length).toBe(2);
    await resetRoom();
    await putSettings({ messagesPerIntervalMin: 3, messagesPerIntervalMax: 3, intervalSeconds: 15, intervalVarianceSeconds: 0, maxConsecutiveMessages: 5, consecutiveMessageChance: 0 });
    for (let t = 0; t < 5; t += 1) {
      simulated += 15_000;
      await tick();
    }
    expect((await assistantMessages()).length).toBe(1);
  });

  it('when two instances tick at the same moments, then each run is taken by one of them only', async () => {
    await putSettings({ messagesPerIntervalMin: 1, messagesPerIntervalMax: 1, intervalSeconds: 15, intervalVarianceSeconds: 0, maxConsecutiveMessages: 10, consecutiveMessageChance: 1 });
    let taken = 0;
    for (let t = 0; t < 12; t += 1) {
      simulated += 15_000;
      if (t === 6) await post(h, worker, 'a person in between');
      const results = await Promise.all([tick('a'), tick('b'), tick('a'), tick('b')]);
      const runs = results.filter((r) => r.run);
      expect(runs.length).toBe(1);
      taken += runs.length;
    }
    expect(taken).toBe(12);
    expect((await assistantMessages()).filter((m) => m.assistant_id).length).toBe(12);
    const slots = await h.query<{ n: string; distinct_slots: string }>('SELECT count(*) AS n, count(DISTINCT due_at) AS distinct_slots FROM chat_assistant_runs');
    expect(slots[0]).toEqual({ n: '12', distinct_slots: '12' });
  });

  it('when disabled, then the next tick posts nothing and the schedule is cleared', async () => {
    await putSettings({ intervalSeconds: 15, intervalVarianceSeconds: 0 });
    simulated += 15_000;
    expect((await tick()).run).toBeDefined();
    await putSettings({ aiEnabled: false });
    for (let t = 0; t < 4; t += 1) {
      simulated += 15_000;
      expect(await tick()).toEqual({ enabled: false, replies: 0 });
    }
    expect((await h.query('SELECT next_post_at FROM chat_assistant_schedule'))[0]).toEqual({ next_post_at: null });
  });

  it('when a person asks a question, then it is answered first, in its language, by an assistant speaking it, replying to it', async () => {
    simulated = Date.now();
    await putSettings({ replyEnabled: true, replyProbability: 1, languageEnforcement: 'mixed', intervalSeconds: 15, intervalVarianceSeconds: 0, consecutiveMessageChance: 1, maxConsecutiveMessages: 5 });
    const ru = await post(h, worker, 'Как вывести деньги на кошелёк?');
    const en = await post(h, worker, 'How do I submit a task?');
    await post(h, worker, 'just saying hello');
    const result = await tick();
    expect(result.replies).toBe(2);
    const messages = await assistantMessages();
    const afterQuestions = messages.filter((m) => Number(m.id) > en.id);
    // The two answers come before the scheduled post.
    expect(afterQuestions.slice(0, 3).filter((m) => m.reply_to_id !== null).map((m) => Number(m.reply_to_id))).toEqual([ru.id, en.id]);
    const ruAnswer = afterQuestions.find((m) => Number(m.reply_to_id) === ru.id)!;
    const enAnswer = afterQuestions.find((m) => Number(m.reply_to_id) === en.id)!;
    expect(ruAnswer.assistant_id).toBe(russian.id);
    expect(ruAnswer.content).toMatch(/\p{Script=Cyrillic}/u);
    expect(enAnswer.assistant_id).toBe(english.id);
    expect(enAnswer.content).not.toMatch(/\p{Script=Cyrillic}/u);
    const firstScheduled = afterQuestions.findIndex((m) => m.assistant_id && m.reply_to_id === null);
    expect(firstScheduled).toBeGreaterThanOrEqual(3);
    // Decided once: a second tick on the other instance answers nothing again.
    expect((await tick('b')).replies).toBe(0);
  });

  it('when english_only and the question is Russian, then no answer in a language the asker did not use', async () => {
    simulated = Date.now();
    await putSettings({ replyEnabled: true, replyProbability: 1, languageEnforcement: 'english_only' });
    const ru = await post(h, worker, 'Где найти задания?');
    await tick();
    expect((await h.query('SELECT outcome FROM chat_assistant_replies WHERE question_id = $1', [ru.id]))[0]).toEqual({ outcome: 'skipped_language' });
  });
});

describe('generators', () => {
  beforeEach(async () => {
    await resetRoom();
    provider.requests.length = 0;
    provider.failWith = null;
  });

  it('when a provider is configured, then it is called in the chat-completions format with the key, prompt and rules, and its text is posted', async () => {
    provider.reply = 'Read every instruction before starting a task; it saves time later.';
    await putSettings({ providerBaseUrl: provider.url, providerApiKey: 'sk-live-abc', model: 'test-model', aiPrompt: 'PROMPT-X', chatRules: 'RULES-Y', intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
    simulated += 60_000;
    expect((await tick()).run?.posted).toBe(1);
    expect(provider.requests).toHaveLength(1);
    const request = provider.requests[0]!;
    expect(request.headers.authorization).toBe('Bearer sk-live-abc');
    expect(request.body.model).toBe('test-model');
    expect(request.body.messages[0]!.role).toBe('system');
    expect(request.body.messages[0]!.content).toContain('PROMPT-X');
    expect(request.body.messages[0]!.content).toContain('RULES-Y');
    expect((await assistantMessages()).map((m) => m.content)).toEqual([provider.reply]);
  });

  it('when the provider fails (500 after retries, or hangs past the timeout), then the offline generator posts and the fall-back is counted', async () => {
    await putSettings({ providerBaseUrl: provider.url, intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
    const before = (await h.query<{ provider_fallbacks: string }>('SELECT provider_fallbacks FROM chat_assistant_schedule'))[0]!.provider_fallbacks;
    provider.failWith = 500;
    simulated += 60_000;
    expect((await tick()).run?.posted).toBe(1);
    expect(provider.requests).toHaveLength(3); // the first try and two retries
    provider.failWith = 'hang';
    await post(h, worker, 'ok');
    simulated += 60_000;
    const started = Date.now();
    expect((await tick()).run?.posted).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    const texts = (await assistantMessages()).filter((m) => m.assistant_id).map((m) => m.content);
    expect(texts).toHaveLength(2);
    expect(texts).not.toContain(provider.reply);
    const after = (await h.query<{ provider_fallbacks: string }>('SELECT provider_fallbacks FROM chat_assistant_schedule'))[0]!.provider_fallbacks;
    expect(Number(after) - Number(before)).toBe(2);
  });

  it('when the provider has a 4xx, then no retry and the offline generator answers', async () => {
    await putSettings({ providerBaseUrl: provider.url, intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
    provider.failWith = 401;
    simulated += 60_000;
    expect((await tick()).run?.posted).toBe(1);
    expect(provider.requests).toHaveLength(1);
  });

  it('when a generated text has a banned word or promises money, then it is dropped and counted, never posted', async () => {
    await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['scam'] } });
    await putSettings({ providerBaseUrl: provider.url, intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
    const dropped = async () => Number((await h.query<{ dropped: string }>('SELECT dropped FROM chat_assistant_schedule'))[0]!.dropped);
    const before = await dropped();
    provider.reply = 'This is not a s c a m, trust me';
    simulated += 60_000;
    expect((await tick()).run).toMatchObject({ posted: 0, dropped: 1 });
    provider.reply = 'Do three tasks today and earn $50 guaranteed!';
    simulated += 60_000;
    expect((await tick()).run).toMatchObject({ posted: 0, dropped: 1 });
    expect(await dropped()).toBe(before + 2);
    expect(await assistantMessages()).toEqual([]);
    await h.api('DELETE', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['scam'] } });
  });

  it('when the offline generator writes Russian posts, then they are Russian and make no promises', async () => {
    await putSettings({ languageEnforcement: 'russian_only', chatTopics: ['Отчёты'], intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1, consecutiveMessageChance: 1, maxConsecutiveMessages: 10 });
    for (let t = 0; t < 6; t += 1) {
      simulated += 30_000;
      await tick();
    }
    const bots = (await assistantMessages()).filter((m) => m.assistant_id);
    expect(bots.length).toBeGreaterThan(0);
    expect(bots.every((m) => m.assistant_id === russian.id && /\p{Script=Cyrillic}/u.test(m.content))).toBe(true);
    expect(bots.some((m) => /\d+\s?(\$|₽|руб)/.test(m.content))).toBe(false);
  });
});

describe('open tasks from work\'s events', () => {
  it('when work publishes tasks, then the offline generator mentions open ones only, never a taken or deleted one', async () => {
    await resetRoom();
    const open = crypto.randomUUID();
    const taken = crypto.randomUUID();
    const gone = crypto.randomUUID();
    const saved = (taskId: string, title: string, status: string) =>
      h.envelope('task.saved', { taskId, title, reward: '5.00', status, createdAt: new Date().toISOString(), savedAt: new Date().toISOString() });
    await h.publish(saved(open, 'Label 20 street photos', 'available'), saved(taken, 'Transcribe a call', 'assigned'), saved(gone, 'Old survey', 'available'));
    await h.publish(h.envelope('task.deleted', { taskId: gone, deletedAt: new Date().toISOString() }));
    await eventually(async () => (await h.query('SELECT 1 FROM chat_open_tasks WHERE deleted')).length === 1, { what: 'the task events to be applied' });
    await putSettings({ intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1, consecutiveMessageChance: 1, maxConsecutiveMessages: 10 });
    for (let t = 0; t < 24; t += 1) {
      simulated += 30_000;
      await tick();
    }
    const texts = (await assistantMessages()).filter((m) => m.assistant_id).map((m) => m.content);
    expect(texts.some((text) => text.includes('Label 20 street photos'))).toBe(true);
    expect(texts.some((text) => text.includes('Transcribe a call') || text.includes('Old survey'))).toBe(false);
  });
});

describe('live delivery', () => {
  it('when an assistant posts, then every socket receives {type: message, data} with isBot true and the assistant', async () => {
    await resetRoom();
    await putSettings({ intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
    const socket = await h.connect(worker, h.b);
    simulated += 60_000;
    await tick('a');
    const frame = await socket.next((f) => f.type === 'message', { what: 'the assistant message on instance B' });
    expect(frame).toMatchObject({ type: 'message', data: { isBot: true, assistantId: english.id, userId: null, assistant: { displayName: 'Helper Bot' } } });
    await eventually(async () => true);
  });
});

/** A small server on loopback: answers /v1/chat/completions with the given status, headers and body, and counts calls. */
async function startFakeServer(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; origin: string; calls: number; close(): Promise<void> }> {
  const state = { url: '', origin: '', calls: 0, close: (): Promise<void> => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    state.calls += 1;
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = `${state.origin}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

const completion = (content: string) => JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });

describe('the provider URL cannot be turned on the platform (issue 26 item 4)', () => {
  beforeEach(async () => {
    await resetRoom();
    provider.requests.length = 0;
    provider.failWith = null;
  });

  it('when the URL moves to another origin without the key, then 400 and the stored key is never sent there; with the key it is saved', async () => {
    expect((await putSettings({ aiEnabled: false, providerBaseUrl: provider.url, providerApiKey: 'sk-origin-one' })).status).toBe(200);
    const collector = await startFakeServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('Read the task instructions first.')));
    try {
      const moved = await putSettings({ aiEnabled: false, providerBaseUrl: collector.url });
      expect(moved.status).toBe(400);
      expect(moved.body).toEqual({ code: 'CHAT.PROVIDER_KEY_REQUIRED', message: 'Enter the API key again: the provider address changed', field: 'providerApiKey' });
      expect((await h.api('GET', '/api/admin/chat-settings', { token: h.admin.token })).body.providerBaseUrl).toBe(provider.url);
      // The same origin, another path, keeps the key; the new origin with a new key (or '' to go without) is saved.
      expect((await putSettings({ aiEnabled: false, providerBaseUrl: `${provider.url}/` })).status).toBe(200);
      expect((await putSettings({ aiEnabled: false, providerBaseUrl: collector.url, providerApiKey: 'sk-origin-two' })).status).toBe(200);
      expect(h.a.assistantDeps.secrets.open((await h.query<{ provider_api_key_enc: string }>('SELECT provider_api_key_enc FROM chat_settings'))[0]!.provider_api_key_enc)).toBe('sk-origin-two');
    } finally {
      await collector.close();
      await putSettings({ aiEnabled: false, providerBaseUrl: provider.url, providerApiKey: 'sk-live-abc' });
    }
  });

  it.each([
    ['http://localhost:9/v1', 'localhost resolves to loopback'],
    ['http://10.1.2.3/v1', 'private'],
    ['http://192.168.0.10/v1', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'link-local (cloud metadata)'],
    ['http://[::1]:8080/v1', 'IPv6 loopback'],
    ['http://[fd00::1]/v1', 'IPv6 unique-local'],
    ['http://[::ffff:127.0.0.2]/v1', 'IPv4-mapped loopback'],
    ['http://0.0.0.0:4004/v1', 'unspecified'],
    ['http://100.64.0.1/v1', 'carrier-grade NAT'],
  ])('when the URL is %s (%s), then 400 CHAT.PROVIDER_URL_NOT_ALLOWED on providerBaseUrl', async (url) => {
    const res = await putSettings({ aiEnabled: false, providerBaseUrl: url, providerApiKey: 'sk-x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'CHAT.PROVIDER_URL_NOT_ALLOWED', field: 'providerBaseUrl' });
    expect(res.body.message).toMatch(/^The provider URL must be a public address/);
  });

  it('when the URL has credentials or a host that does not resolve, then 400', async () => {
    expect((await putSettings({ providerBaseUrl: 'http://user:pw@127.0.0.1:9/v1', providerApiKey: 'k' })).body.code).toBe('CHAT.PROVIDER_URL_NOT_ALLOWED');
    expect((await putSettings({ providerBaseUrl: 'http://no-such-host.invalid/v1', providerApiKey: 'k' })).body).toMatchObject({ code: 'CHAT.PROVIDER_URL_UNRESOLVABLE', field: 'providerBaseUrl' });
    expect((await putSettings({ providerBaseUrl: 'http://[bad/v1', providerApiKey: 'k' })).status).toBe(400);
  });

  it('when a stored URL resolves to loopback (saved before this check, or its DNS changed), then the call is refused at connect and the offline generator speaks', async () => {
    const internal = await startFakeServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('INTERNAL-SECRET-FROM-LOCALHOST')));
    try {
      await putSettings({ providerBaseUrl: provider.url, providerApiKey: 'sk-live-abc', intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
      const localhostUrl = internal.url.replace('127.0.0.1', 'localhost');
      await h.query(`UPDATE chat_settings SET value = jsonb_set(value, '{providerBaseUrl}', to_jsonb($1::text))`, [localhostUrl]);
      simulated += 60_000;
      expect((await tick()).run?.posted).toBe(1);
      expect(internal.calls).toBe(0);
      expect((await assistantMessages()).map((m) => m.content).join()).not.toContain('INTERNAL-SECRET');
    } finally {
      await internal.close();
    }
  });

  it('when the provider answers a redirect to another internal port, then it is not followed, its body is never posted, and the offline generator speaks', async () => {
    const internal = await startFakeServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('INTERNAL-SECRET-AFTER-REDIRECT')));
    const redirector = await startFakeServer((_req, res) =>
      res.writeHead(302, { location: `${internal.url}/chat/completions`, 'content-type': 'application/json' }).end(completion('REDIRECT-BODY')),
    );
    try {
      await putSettings({ providerBaseUrl: redirector.url, providerApiKey: 'sk-redirect', intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
      simulated += 60_000;
      expect((await tick()).run?.posted).toBe(1);
      expect(redirector.calls).toBe(1); // a redirect is not retried either
      expect(internal.calls).toBe(0);
      const texts = (await assistantMessages()).map((m) => m.content).join();
      expect(texts).not.toContain('INTERNAL-SECRET');
      expect(texts).not.toContain('REDIRECT-BODY');
    } finally {
      await redirector.close();
      await internal.close();
      await putSettings({ aiEnabled: false, providerBaseUrl: provider.url, providerApiKey: 'sk-live-abc' });
    }
  });

  it('when the provider answers an error with a body, then nothing of the body is posted', async () => {
    const failing = await startFakeServer((_req, res) => res.writeHead(400, { 'content-type': 'application/json' }).end(completion('ERROR-BODY-TEXT')));
    try {
      await putSettings({ providerBaseUrl: failing.url, providerApiKey: 'sk-failing', intervalVarianceSeconds: 0, messagesPerIntervalMin: 1, messagesPerIntervalMax: 1 });
      simulated += 60_000;
      expect((await tick()).run?.posted).toBe(1);
      expect((await assistantMessages()).map((m) => m.content).join()).not.toContain('ERROR-BODY-TEXT');
    } finally {
      await failing.close();
      await putSettings({ aiEnabled: false, providerBaseUrl: provider.url, providerApiKey: 'sk-live-abc' });
    }
  });
});
