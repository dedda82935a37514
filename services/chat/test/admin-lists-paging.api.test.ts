import { randomUUID } from 'node:crypto';
import type { TChatMonitorQuery, TSupportConversationsQuery } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { expectPagingRefusals } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMonitorPage } from '../src/data-access/messages.repository.js';
import { listConversationsPage } from '../src/data-access/support.repository.js';
import { post, startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

/*
 * The admin's chat lists, paged (issue 25; contracts paging.ts): the Chat Monitor (GET /api/admin/chat-messages) and
 * the support desk (GET /api/admin/support-conversations).
 */

let h: TChatHarness;
let worker: TTestUser;
beforeAll(async () => {
  h = await startChatHarness('chat_lists_paging', { SEND_LIMIT_MESSAGES: '10000' });
  worker = await h.newUser({ firstName: 'Paging', lastName: 'Worker' });
});
afterAll(async () => {
  await h?.close();
});

type TItem = { id: number | string; createdAt: string } & Record<string, unknown>;

function get(path: string, query: Record<string, string>) {
  return h.api('GET', `${path}?${new URLSearchParams(query).toString()}`, { token: h.admin.token });
}

/** Every page of a list from the first, with `between` run after each page (while the client pages). */
async function pageThrough<T = TItem>(path: string, query: Record<string, string>, between: () => Promise<void> = async () => {}): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(path, cursor ? { ...query, cursor } : query);
    expect(res.status, res.text).toBe(200);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
    await between();
  } while (cursor);
  return seen;
}

/** A user in chat's copy, as user.registered writes it. */
async function seedUser(user: { firstName?: string; lastName?: string; email?: string | null; role?: string } = {}): Promise<string> {
  const id = randomUUID();
  await h.query(`INSERT INTO users (id, first_name, last_name, role, email, source_at) VALUES ($1, $2, $3, $4, $5, now())`, [
    id, user.firstName ?? 'Seed', user.lastName ?? 'Person', user.role ?? 'employee', user.email === undefined ? `seed.${id}@example.com` : user.email,
  ]);
  return id;
}

interface TSeedMessage {
  userId?: string;
  assistantId?: string;
  content?: string;
  /** A worker's id: the message is in their support thread. */
  thread?: string;
  isFromAdmin?: boolean;
  createdAt: string;
}

/** Messages written straight into chat_messages (the list's data; how messages are posted is tested elsewhere). */
async function seedMessages(messages: TSeedMessage[]): Promise<number[]> {
  const ids: number[] = [];
  for (const m of messages) {
    const [row] = await h.query<{ id: string }>(
      `INSERT INTO chat_messages (user_id, assistant_id, content, chat_type, support_user_id, is_from_admin, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [m.assistantId ? null : (m.userId ?? worker.id), m.assistantId ?? null, m.content ?? 'Seeded message', m.thread ? 'support' : 'general', m.thread ?? null, m.isFromAdmin ?? false, m.createdAt],
    );
    ids.push(Number(row!.id));
  }
  return ids;
}

/** "2026-01-01T00:00:00.000Z|000000000042": the monitor's sort key of an item, comparable as text. */
const monitorKey = (m: { createdAt: string; id: number | string }) => `${m.createdAt}|${String(m.id).padStart(12, '0')}`;

describe('GET /api/admin/chat-messages (Chat Monitor): paging', () => {
  it('when the feed is paged while messages are posted and written in between, then each existing message comes exactly once, newest first', async () => {
    const base = Date.parse('2025-03-01T00:00:00Z');
    // Groups of 3 share a created_at: the id breaks the tie.
    const seeded = await seedMessages(Array.from({ length: 47 }, (_, i) => ({ content: `seeded ${i}`, createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })));
    const posted: number[] = [];
    let round = 0;
    const seen = await pageThrough('/api/admin/chat-messages', { pageSize: '10' }, async () => {
      // A new message (on top of the feed, before the first page) and one written into the seeded span.
      posted.push((await post(h, worker, `posted while paging ${round}`)).id);
      await seedMessages([{ content: `written into the past ${round}`, createdAt: new Date(base + (round * 7 % 16) * 1000 + 500).toISOString() }]);
      round += 1;
    });
    const ids = seen.map((m) => Number(m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expect(ids.some((id) => posted.includes(id))).toBe(false);
    const keys = seen.map(monitorKey);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(round).toBeGreaterThanOrEqual(5);
  });

  it('when no page size is given, then 20 messages, the total and a cursor; the last page has nextCursor null', async () => {
    const res = await get('/api/admin/chat-messages', {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toHaveLength(20);
    const [general] = await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_messages WHERE chat_type = 'general'`);
    expect(res.body).toMatchObject({ total: general!.n, totalExact: true, nextCursor: expect.any(String) });
    const all = await pageThrough('/api/admin/chat-messages', { pageSize: '100' });
    expect(all).toHaveLength(general!.n);
  });

  it('when pageSize is out of range, a cursor malformed or foreign, or a parameter unknown, then 400 naming it', async () => {
    await expectPagingRefusals((q) => get('/api/admin/chat-messages', q));
  });

  it('when a cursor is malformed or belongs to another list, then 400 naming cursor', async () => {
    const bad = [
      'not a cursor!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify(['chat.monitor', 'yesterday', 5])).toString('base64url'),
      Buffer.from(JSON.stringify(['chat.monitor', '2026-01-01T00:00:00.000000Z', 'five'])).toString('base64url'),
      Buffer.from(JSON.stringify({ a: 1 })).toString('base64url'),
      'A'.repeat(600),
    ];
    for (const cursor of bad) {
      const res = await get('/api/admin/chat-messages', { cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body.field).toBe('querystring.cursor');
    }
    await writeSupport(await h.newUser(), 'A desk cursor needs two conversations');
    await writeSupport(await h.newUser(), 'so here is the second');
    const deskCursor = (await get('/api/admin/support-conversations', { pageSize: '1' })).body.nextCursor as string;
    expect(deskCursor).toEqual(expect.any(String));
    const other = await get('/api/admin/chat-messages', { cursor: deskCursor });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ field: 'querystring.cursor', message: 'cursor is not valid: pass the nextCursor of the previous page of the same list' });
  });

  it('when an unknown parameter or a bad filter value is sent, then 400 naming it', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ sort: 'oldest' }, 'Unknown field(s): sort', ''],
      [{ filter: 'robots' }, 'filter must be all, people or assistants', 'filter'],
      [{ room: 'lobby' }, 'room must be general, support or all', 'room'],
      [{ conversation: 'not-a-user' }, "conversation must be a worker's user id (their support thread)", 'conversation'],
      [{ conversation: worker.id, room: 'general' }, 'conversation is a support thread: use room support or all', 'conversation'],
      [{ user: 'ab' }, 'user must be at least 3 characters', 'user'],
      [{ search: ' a ' }, 'search must be at least 3 characters', 'search'],
      [{ search: 'x'.repeat(201) }, 'search is too long (at most 200 characters)', 'search'],
      [{ from: '2026-02-30' }, 'from must be a date (YYYY-MM-DD) or an ISO date-time', 'from'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to must not be before from', 'to'],
    ];
    for (const [query, message, field] of cases) {
      const res = await get('/api/admin/chat-messages', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toBe(message);
      if (field) expect(res.body.field).toBe(`querystring.${field}`);
    }
  });
});

describe('GET /api/admin/chat-messages (Chat Monitor): filters', () => {
  it('when filtered by bot or human, room, conversation, user, text and date range, then only the matching messages come, newest first', async () => {
    const tag = randomUUID().slice(0, 8);
    const zoe = await seedUser({ firstName: 'Zoe', lastName: `Quill${tag}`, email: `zoe.${tag}@example.com` });
    const ivan = await seedUser({ firstName: 'Иван', lastName: `Петров${tag}`, email: null });
    const admin = await seedUser({ firstName: 'Desk', lastName: 'Admin', role: 'admin' });
    const [assistant] = await h.query<{ id: string }>(`INSERT INTO chat_assistants (display_name) VALUES ('Guide ${tag}') RETURNING id`);
    const at = (day: number, hour = 12) => `2024-02-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
    const [zoeHello, zoeDiscount, bot, ivanText, zoeThread, adminReply, ivanThread] = await seedMessages([
      { userId: zoe, content: `hello from zoe ${tag}`, createdAt: at(1) },
      { userId: zoe, content: `50%_off scam ${tag}`, createdAt: at(2) },
      { assistantId: assistant!.id, content: `Tip of the day ${tag}: read the task`, createdAt: at(3) },
      { userId: ivan, content: `Привет, ВСЕМ ${tag}`, createdAt: at(4) },
      { userId: zoe, thread: zoe, content: `my payout ${tag}`, createdAt: at(5) },
      { userId: admin, thread: zoe, isFromAdmin: true, content: `checking your payout ${tag}`, createdAt: at(6) },
      { userId: ivan, thread: ivan, content: `где выплата ${tag}`, createdAt: at(7) },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await get('/api/admin/chat-messages', { pageSize: '100', from: '2024-02-01', to: '2024-02-29', ...query });
      expect(res.status, res.text).toBe(200);
      expect(res.body.total, JSON.stringify(query)).toBe(res.body.items.length);
      return (res.body.items as { id: number }[]).map((m) => m.id);
    };
    // The general room by default, newest first.
    expect(await ids({})).toEqual([ivanText, bot, zoeDiscount, zoeHello]);
    expect(await ids({ filter: 'assistants' })).toEqual([bot]);
    expect(await ids({ filter: 'people' })).toEqual([ivanText, zoeDiscount, zoeHello]);
    expect(await ids({ room: 'support' })).toEqual([ivanThread, adminReply, zoeThread]);
    expect(await ids({ room: 'all' })).toEqual([ivanThread, adminReply, zoeThread, ivanText, bot, zoeDiscount, zoeHello]);
    expect(await ids({ conversation: zoe })).toEqual([adminReply, zoeThread]);
    expect(await ids({ conversation: zoe.toUpperCase(), room: 'all' })).toEqual([adminReply, zoeThread]);
    // user: part of the author's e-mail or full name, any case (a name without an e-mail too).
    expect(await ids({ user: `ZOE.${tag}` })).toEqual([zoeDiscount, zoeHello]);
    expect(await ids({ user: `zoe quill${tag}`, room: 'all' })).toEqual([zoeThread, zoeDiscount, zoeHello]);
    expect(await ids({ user: `иван петров${tag}`, room: 'all' })).toEqual([ivanThread, ivanText]);
    expect(await ids({ user: 'desk admin', room: 'support' })).toEqual([adminReply]);
    // search: part of the text, any case, % and _ taken literally.
    expect(await ids({ search: `ВСЕМ ${tag}`.toLowerCase() })).toEqual([ivanText]);
    expect(await ids({ search: `50%_off` })).toEqual([zoeDiscount]);
    expect(await ids({ search: `5_%` })).toEqual([]);
    expect(await ids({ search: `PAYOUT ${tag}`, room: 'all' })).toEqual([adminReply, zoeThread]);
    expect(await ids({ search: tag, filter: 'assistants' })).toEqual([bot]);
    // from / to: the day the message was written (to: the whole day), or exact instants.
    expect(await ids({ from: '2024-02-02', to: '2024-02-03' })).toEqual([bot, zoeDiscount]);
    expect(await ids({ from: at(2), to: at(3) })).toEqual([bot, zoeDiscount]);
    expect(await ids({ from: '2024-02-02T12:00:00.001Z', to: '2024-02-03T11:59:59Z' })).toEqual([]);
    // A filtered list pages like any other.
    const first = await get('/api/admin/chat-messages', { room: 'all', user: tag, pageSize: '2' });
    expect(first.body).toMatchObject({ total: 5, totalExact: true });
    expect(first.body.items.map((m: { id: number }) => m.id)).toEqual([ivanThread, zoeThread]);
    const second = await get('/api/admin/chat-messages', { room: 'all', user: tag, pageSize: '2', cursor: first.body.nextCursor });
    expect(second.body.items.map((m: { id: number }) => m.id)).toEqual([ivanText, zoeDiscount]);
    const third = await get('/api/admin/chat-messages', { room: 'all', user: tag, pageSize: '2', cursor: second.body.nextCursor });
    expect(third.body.items.map((m: { id: number }) => m.id)).toEqual([zoeHello]);
    expect(third.body.nextCursor).toBeNull();
    // The items are the monitor's: authors named, the bot's quality scored.
    const [botItem] = (await get('/api/admin/chat-messages', { filter: 'assistants', search: tag })).body.items;
    expect(botItem).toMatchObject({ id: bot, isBot: true, author: null, assistant: { displayName: `Guide ${tag}` }, quality: { score: expect.any(Number) } });
    const [zoeItem] = (await get('/api/admin/chat-messages', { conversation: zoe, filter: 'people', user: 'zoe.' })).body.items;
    expect(zoeItem).toMatchObject({ id: zoeThread, chatType: 'support', supportUserId: zoe, author: { firstName: 'Zoe', lastName: `Quill${tag}` }, quality: null });
  });
});

/* ---- The support desk. ---- */

async function writeSupport(user: TTestUser, content: string) {
  const res = await h.api('POST', '/api/support/message', { token: user.token, body: { content } });
  expect(res.status, res.text).toBe(201);
}

interface TSeedConversation {
  status?: 'open' | 'pending' | 'resolved' | 'closed';
  waitingSince?: string | null;
  lastMessageAt: string;
  assignedAdminId?: string | null;
  user?: { firstName?: string; lastName?: string; email?: string | null };
}

/** Conversations written straight into support_conversations (with a users-copy row each), as the desk reads them. */
async function seedConversations(rows: TSeedConversation[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const userId = await seedUser(r.user);
    const [row] = await h.query<{ id: string }>(
      `INSERT INTO support_conversations (user_id, status, last_message_at, last_message_preview, waiting_since, assigned_admin_id, created_at, updated_at)
       VALUES ($1, $2, $3, 'Seeded', $4, $5, $3, $3) RETURNING id`,
      [userId, r.status ?? (r.waitingSince ? 'open' : 'pending'), r.lastMessageAt, r.waitingSince ?? null, r.assignedAdminId ?? null],
    );
    ids.push(row!.id);
  }
  return ids;
}

type TDeskItem = { id: string; userId: string; status: string; waitingSince: string | null; lastMessageAt: string };

/** The desk's order: waiting ones first, longest waiting first; then by last activity, newest first; then the id. */
function deskSorted(items: TDeskItem[]): TDeskItem[] {
  return [...items].sort((x, y) => {
    if ((x.waitingSince === null) !== (y.waitingSince === null)) return x.waitingSince === null ? 1 : -1;
    if (x.waitingSince !== y.waitingSince) return x.waitingSince! < y.waitingSince! ? -1 : 1;
    if (x.lastMessageAt !== y.lastMessageAt) return x.lastMessageAt > y.lastMessageAt ? -1 : 1;
    return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  });
}

describe('GET /api/admin/support-conversations (the desk): paging', () => {
  it('when the desk is paged while workers write in, then each existing conversation comes exactly once, in the desk\'s order', async () => {
    const base = Date.parse('2025-04-01T00:00:00Z');
    const time = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    // 24 waiting (groups of 4 share waitingSince; within them 2 share lastMessageAt: the id breaks that tie), 23 not.
    const seeded = await seedConversations([
      ...Array.from({ length: 24 }, (_, i) => ({ waitingSince: time(Math.floor(i / 4)), lastMessageAt: time(100 + Math.floor(i / 2) % 2) })),
      ...Array.from({ length: 23 }, (_, i) => ({ status: (['pending', 'resolved', 'closed'] as const)[i % 3], lastMessageAt: time(200 + Math.floor(i / 3)) })),
    ]);
    const joined: string[] = [];
    const seen = await pageThrough<TDeskItem>('/api/admin/support-conversations', { pageSize: '7' }, async () => {
      const newcomer = await h.newUser();
      await writeSupport(newcomer, 'Hello, I am new here');
      joined.push(newcomer.id);
    });
    const ids = seen.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => seeded.includes(id))).toHaveLength(seeded.length);
    expect(seen).toEqual(deskSorted(seen));
    // Those who wrote while the desk paged wait since now: after every seeded waiting one, before the rest.
    const mine = seen.filter((c) => seeded.includes(c.id));
    expect(mine.slice(0, 24).every((c) => c.waitingSince !== null)).toBe(true);
    expect(joined.length).toBeGreaterThanOrEqual(7);
    const joinedSeen = seen.filter((c) => joined.includes(c.userId));
    expect(joinedSeen.length).toBeGreaterThan(0);
    expect(joinedSeen.every((c) => c.status === 'open' && c.waitingSince !== null)).toBe(true);
  });

  it('when no page size is given, then 20 conversations, the total counted in SQL, and the figures count every conversation, not the page', async () => {
    const res = await get('/api/admin/support-conversations', {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toHaveLength(20);
    const [byStatus] = await h.query<{ all: number; open: number; pending: number; resolved: number; closed: number; waiting: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'resolved')::int AS resolved, count(*) FILTER (WHERE status = 'closed')::int AS closed,
              count(*) FILTER (WHERE waiting_since < now() - interval '24 hours')::int AS waiting
         FROM support_conversations`,
    );
    expect(res.body).toMatchObject({ total: byStatus!.all, totalExact: true, nextCursor: expect.any(String) });
    expect(byStatus!.all).toBeGreaterThan(40);
    const figures = await h.api('GET', '/api/admin/support-conversations/figures', { token: h.admin.token });
    expect(figures.status).toBe(200);
    expect(figures.body.byStatus).toEqual({ open: byStatus!.open, pending: byStatus!.pending, resolved: byStatus!.resolved, closed: byStatus!.closed });
    expect(figures.body.waitingOver24h).toBe(byStatus!.waiting);
    expect(figures.body.byStatus.open).toBeGreaterThan(20);
    const open = await get('/api/admin/support-conversations', { status: 'open' });
    expect(open.body.total).toBe(byStatus!.open);
  });

  it('when pageSize is out of range, a cursor malformed or foreign, or a parameter unknown, then 400 naming it', async () => {
    await expectPagingRefusals((q) => get('/api/admin/support-conversations', q));
  });

  it('when a cursor is malformed or belongs to another list, then 400 naming cursor', async () => {
    const monitorCursor = (await get('/api/admin/chat-messages', { pageSize: '1' })).body.nextCursor as string;
    const bad = [
      'not a cursor!',
      Buffer.from('not json').toString('base64url'),
      // A waiting-part key without its waiting time, and a key of the other part with one.
      Buffer.from(JSON.stringify(['support.desk', 'w', '', '2026-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify(['support.desk', 'a', '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify(['support.desk', 'x', '', '2026-01-01T00:00:00.000000Z', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify(['support.desk', 'a', '', '2026-01-01T00:00:00.000000Z', 'not-an-id'])).toString('base64url'),
      monitorCursor,
    ];
    for (const cursor of bad) {
      const res = await get('/api/admin/support-conversations', { cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject({ field: 'querystring.cursor', message: 'cursor is not valid: pass the nextCursor of the previous page of the same list' });
    }
  });

  it('when an unknown parameter or a bad filter value is sent, then 400 naming it', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ sort: 'newest' }, 'Unknown field(s): sort', ''],
      [{ status: 'waiting' }, 'status must be all, open, pending, resolved or closed', 'status'],
      [{ mine: 'yes' }, 'mine must be true or false', 'mine'],
      [{ user: 'ab' }, 'user must be at least 3 characters', 'user'],
    ];
    for (const [query, message, field] of cases) {
      const res = await get('/api/admin/support-conversations', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(message);
      if (field) expect(res.body.field).toBe(`querystring.${field}`);
    }
  });
});

describe('GET /api/admin/support-conversations (the desk): filters', () => {
  it('when filtered by status, mine and user, then only the matching conversations come, in the desk\'s order', async () => {
    const tag = randomUUID().slice(0, 8);
    const t = (minutes: number) => new Date(Date.parse('2025-05-01T00:00:00Z') + minutes * 60_000).toISOString();
    const [waitingLong, waitingShort, pendingMine, resolved, closedMine] = await seedConversations([
      { waitingSince: t(1), lastMessageAt: t(50), user: { firstName: 'Olga', lastName: `Ivanova${tag}` } },
      { waitingSince: t(5), lastMessageAt: t(5), user: { email: `mark.${tag}@example.com` } },
      { status: 'pending', lastMessageAt: t(40), assignedAdminId: h.admin.id, user: { firstName: 'Mark', lastName: `Twain${tag}` } },
      { status: 'resolved', lastMessageAt: t(60), user: { firstName: 'Ann', lastName: `Lee${tag}`, email: null } },
      { status: 'closed', lastMessageAt: t(30), assignedAdminId: h.admin.id, user: { firstName: 'Old', lastName: `Case${tag}` } },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await get('/api/admin/support-conversations', { pageSize: '100', user: tag, ...query });
      expect(res.status, res.text).toBe(200);
      expect(res.body.total, JSON.stringify(query)).toBe(res.body.items.length);
      return (res.body.items as { id: string }[]).map((c) => c.id);
    };
    expect(await ids({})).toEqual([waitingLong, waitingShort, resolved, pendingMine, closedMine]);
    expect(await ids({ status: 'open' })).toEqual([waitingLong, waitingShort]);
    expect(await ids({ status: 'pending' })).toEqual([pendingMine]);
    expect(await ids({ status: 'closed' })).toEqual([closedMine]);
    expect(await ids({ mine: 'true' })).toEqual([pendingMine, closedMine]);
    expect(await ids({ mine: 'true', status: 'closed' })).toEqual([closedMine]);
    expect(await ids({ user: `MARK.${tag}` })).toEqual([waitingShort]);
    expect(await ids({ user: `mark twain${tag}` })).toEqual([pendingMine]);
    expect(await ids({ user: `ann lee${tag}` })).toEqual([resolved]);
    expect(await ids({ user: `100%${tag}` })).toEqual([]);
    const other = await h.newUser({ role: 'admin', firstName: 'Other', lastName: 'Admin' });
    const theirs = await h.api('GET', `/api/admin/support-conversations?mine=true&user=${tag}`, { token: other.token });
    expect(theirs.body).toMatchObject({ items: [], total: 0, nextCursor: null });
    // Filtered, it pages across the two parts of the order.
    const first = await get('/api/admin/support-conversations', { user: tag, pageSize: '2' });
    expect(first.body.items.map((c: { id: string }) => c.id)).toEqual([waitingLong, waitingShort]);
    const second = await get('/api/admin/support-conversations', { user: tag, pageSize: '2', cursor: first.body.nextCursor });
    expect(second.body.items.map((c: { id: string }) => c.id)).toEqual([resolved, pendingMine]);
    const third = await get('/api/admin/support-conversations', { user: tag, pageSize: '2', cursor: second.body.nextCursor });
    expect(third.body).toMatchObject({ items: [{ id: closedMine, user: { firstName: 'Old', lastName: `Case${tag}` } }], nextCursor: null, total: 5 });
  });
});

describe('the lists at volume', () => {
  /** The statement a list runs for a query (the one with ORDER BY), and its plan in PostgreSQL. */
  async function planOf(run: (db: Queryable) => Promise<unknown>, which = 0, kind: 'page' | 'count' = 'page'): Promise<string> {
    const statements: { text: string; values: unknown[] }[] = [];
    const recorder = { query: async (text: string, values: unknown[]) => { statements.push({ text, values }); return h.a.pool.query(text, values); } } as unknown as Queryable;
    await run(recorder);
    const page = statements.filter((s) => s.text.includes(kind === 'page' ? 'ORDER BY' : 'count(*)'))[which];
    if (!page) throw new Error('no page statement');
    const rows = await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.text}`, page.values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  /** A valid version-4 uuid made from a number (md5 with the version and variant digits set). */
  const uuidOf = (expr: string) => `overlay(overlay(md5('u' || ${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

  it('when there are 60,000 messages and 20,000 conversations, then each list and filter reads its index (EXPLAIN), and the total stops at 10,000', async () => {
    await h.query(`INSERT INTO users (id, first_name, last_name, role, email, source_at)
      SELECT ${uuidOf('g')}, 'Bulk', 'Worker' || g, 'employee', 'bulk' || g || '@example.com', now() FROM generate_series(1, 20000) g`);
    const [assistant] = await h.query<{ id: string }>(`INSERT INTO chat_assistants (display_name) VALUES ('Bulk Guide') RETURNING id`);
    // 50,000 in the general room (1 in 20 an assistant's), 10,000 in 2,000 support threads; one a minute.
    await h.query(
      `INSERT INTO chat_messages (user_id, assistant_id, content, chat_type, support_user_id, created_at)
       SELECT CASE WHEN g % 20 = 0 AND g <= 50000 THEN NULL ELSE ${uuidOf('(g % 20000 + 1)')} END,
              CASE WHEN g % 20 = 0 AND g <= 50000 THEN $1::uuid END,
              'bulk message number ' || g || CASE WHEN g % 1000 = 0 THEN ' about a rare payout problem' ELSE '' END,
              CASE WHEN g <= 50000 THEN 'general' ELSE 'support' END,
              CASE WHEN g > 50000 THEN ${uuidOf('(g % 2000 + 1)')} END,
              timestamptz '2024-06-01' + g * interval '1 minute'
         FROM generate_series(1, 60000) g`,
      [assistant!.id],
    );
    await h.query(`INSERT INTO support_conversations (user_id, status, last_message_at, waiting_since, assigned_admin_id, created_at, updated_at)
      SELECT ${uuidOf('(g + 100000)')}, (ARRAY['open','pending','resolved','closed'])[g % 4 + 1],
             timestamptz '2024-06-01' + g * interval '1 minute',
             CASE WHEN g % 4 = 0 AND g % 8 = 0 THEN timestamptz '2024-06-01' + g * interval '1 minute' END,
             CASE WHEN g % 50 = 0 THEN $1::uuid END,
             timestamptz '2024-06-01', timestamptz '2024-06-01'
        FROM generate_series(1, 20000) g`, [h.admin.id]);
    await h.query(`INSERT INTO users (id, first_name, last_name, role, email, source_at)
      SELECT ${uuidOf('(g + 100000)')}, 'Desk', 'Client' || g, 'employee', 'client' || g || '@example.com', now() FROM generate_series(1, 20000) g`);
    // VACUUM, as autovacuum would: a fresh GIN index has no statistics until then.
    for (const table of ['chat_messages', 'support_conversations', 'users']) await h.query(`VACUUM ANALYZE ${table}`);

    const firstMonitorCursor = (await get('/api/admin/chat-messages', { pageSize: '50' })).body.nextCursor as string;
    const monitor = (query: Partial<TChatMonitorQuery>) => (db: Queryable) => findMonitorPage(db, { filter: 'all', pageSize: 20, ...query } as TChatMonitorQuery);
    const monitorCases: [Partial<TChatMonitorQuery>, RegExp][] = [
      [{}, /chat_messages_general_time_idx/],
      [{ cursor: firstMonitorCursor }, /chat_messages_general_time_idx/],
      [{ filter: 'people' }, /chat_messages_general_time_idx/],
      [{ filter: 'assistants' }, /chat_messages_(general|assistant)_time_idx/],
      [{ room: 'all' }, /chat_messages_time_idx/],
      [{ room: 'support' }, /chat_messages_support_time_idx/],
      [{ conversation: '00000000-0000-4000-8000-000000000000' }, /chat_messages_thread_time_idx/],
      [{ user: 'worker1234' }, /users_search_idx[\s\S]*chat_messages_author_time_idx|chat_messages_author_time_idx[\s\S]*users_search_idx/],
      [{ search: 'rare payout' }, /chat_messages_content_search_idx/],
      [{ from: '2024-06-10T00:00:00.000Z', to: '2024-06-11T00:00:00.000Z' }, /chat_messages_general_time_idx/],
      [{ room: 'all', from: '2024-06-10T00:00:00.000Z', to: '2024-06-11T00:00:00.000Z' }, /chat_messages_time_idx/],
    ];
    for (const [query, index] of monitorCases) {
      const plan = await planOf(monitor(query));
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on chat_messages/);
    }
    // The total of an author search: the matching users, then each one's messages by their index (not a scan of
    // every message joined to them).
    const authorCount = await planOf(monitor({ user: 'worker1' }), 0, 'count');
    expect(authorCount).toMatch(/users_search_idx[\s\S]*chat_messages_author_time_idx/);
    expect(authorCount).not.toMatch(/Seq Scan on chat_messages/);

    const desk = (query: Partial<TSupportConversationsQuery>, mine = false) => (db: Queryable) =>
      listConversationsPage(db, { status: 'all', mine, pageSize: 20, ...query } as TSupportConversationsQuery, mine ? h.admin.id : undefined);
    const firstDesk = await get('/api/admin/support-conversations', { pageSize: '50' });
    // [query, which ORDER BY statement (0: the waiting part, 1: the rest), index]
    const deskCases: [Partial<TSupportConversationsQuery>, number, RegExp][] = [
      [{}, 0, /support_conversations_waiting_idx/],
      [{ cursor: firstDesk.body.nextCursor }, 0, /support_conversations_waiting_idx/],
      // (Every waiting one is open here, so the planner may read either index.)
      [{ status: 'open' }, 0, /support_conversations_(status|waiting)_idx/],
      [{ status: 'pending' }, 1, /support_conversations_status_activity_idx/],
      [{ status: 'resolved' }, 1, /support_conversations_status_activity_idx/],
      [{ user: 'client1234' }, 0, /users_search_idx/],
    ];
    for (const [query, which, index] of deskCases) {
      const plan = await planOf(desk(query), which);
      expect(plan, JSON.stringify(query)).toMatch(index);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on support_conversations/);
    }
    // Past the waiting part: the rest, on its own index.
    const restCursor = await (async () => {
      let cursor: string | null = null;
      for (;;) {
        const res = await get('/api/admin/support-conversations', { pageSize: '100', ...(cursor ? { cursor } : {}) });
        cursor = res.body.nextCursor;
        if (res.body.items.at(-1).waitingSince === null) return cursor!;
      }
    })();
    const restPlan = await planOf(desk({ cursor: restCursor }));
    expect(restPlan).toMatch(/support_conversations_activity_idx/);
    expect(restPlan).not.toMatch(/Seq Scan on support_conversations/);
    // ?mine: 400 assigned, 100 of them waiting: the assignee's index, or the waiting part's read until 21 match.
    const minePlan = await planOf(desk({}, true));
    expect(minePlan).toMatch(/support_conversations_(assignee|waiting)_idx/);
    expect(minePlan).not.toMatch(/Seq Scan on support_conversations/);

    const feed = await get('/api/admin/chat-messages', { room: 'all' });
    expect(feed.body).toMatchObject({ total: 10_000, totalExact: false });
    expect(feed.body.items).toHaveLength(20);
    const conversations = await get('/api/admin/support-conversations', {});
    expect(conversations.body).toMatchObject({ total: 10_000, totalExact: false });
    const figures = await h.api('GET', '/api/admin/support-conversations/figures', { token: h.admin.token });
    const [open] = await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_conversations WHERE status = 'open'`);
    expect(figures.body.byStatus.open).toBe(open!.n);
    expect(open!.n).toBeGreaterThan(5000);
  });
});
