import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { DEV_NEWS } from '../services/admin/src/scripts/seed-dev.js';
import { DEV_TASKS } from '../services/work/src/scripts/dev-tasks.js';
import { seedDevelopmentDatabase } from './seed.js';
import { DEV_ADMIN, startStack, type TStack } from './stack.js';

/**
 * Issue 25 item 5: `npm start` (devContent) seeds, once, what a newcomer's first look shows: tasks on the board, news in
 * both languages, documents and a landing page per language; each service its own, through its own tables and events.
 */
let stack: TStack;
let adminToken: string;

async function get<T>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stack.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  stack = await startStack({ namespace: `devseed_${Date.now().toString(36)}`, ephemeral: true, seed: true, devContent: true, logLevel: 'warn', frontendDist: join(tmpdir(), 'no-frontend-here') });
  const login = await fetch(`${stack.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEV_ADMIN) });
  adminToken = ((await login.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('the development seed of npm start', () => {
  it('when the stack starts on empty databases, then the board, the news, the documents and a landing page per language are there', async () => {
    const tasks = await get<{ total: number; items: { title: string; description: string; submissionInstructions: string; reward: string; sortOrder: number }[] }>('/api/admin/tasks?pageSize=100', adminToken);
    expect(tasks.status).toBe(200);
    expect(tasks.body.total).toBe(DEV_TASKS.length);
    expect(DEV_TASKS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(DEV_TASKS.map((t) => t.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(tasks.body.items.map((t) => t.reward)).size).toBeGreaterThan(10);
    for (const task of tasks.body.items) expect(task.description.length).toBeGreaterThan(40);
    expect(tasks.body.items.filter((t) => t.sortOrder === 0)).toHaveLength(3);

    const news = await get<{ total: number; items: { title: string }[] }>('/api/news?pageSize=20', adminToken);
    expect(news.body.total).toBe(DEV_NEWS.length);
    expect(news.body.items.some((n) => /[а-я]/i.test(n.title))).toBe(true);

    const documents = await get<{ items: { title: string; type: string; requiresAcceptance: boolean }[] }>('/api/admin/documents?pageSize=100', adminToken);
    expect(documents.body.items.map((d) => d.type).sort()).toEqual(['guide_payouts', 'guide_payouts_ru', 'privacy', 'privacy_ru', 'terms', 'terms_ru']);
    // Only the two originals are asked to be accepted.
    expect(documents.body.items.filter((d) => d.requiresAcceptance).map((d) => d.type).sort()).toEqual(['privacy', 'terms']);

    for (const [code, name, words] of [['welcome-en', 'start-en', /online tasks/], ['welcome-ru', 'start-ru', /задания/]] as const) {
      const lookup = await get<{ isActive: boolean; landingPage: { name: string } }>(`/api/referral/${code}`);
      expect(lookup.body).toMatchObject({ isActive: true, landingPage: { name } });
      const page = await get<{ content: { title: string } }>(`/api/public/landing-pages/${name}`);
      expect(page.status).toBe(200);
      expect(page.body.content.title).toMatch(words);
    }
  });

  it("when the tasks are seeded, then their events reach the other services' read models", async () => {
    const admin = new pg.Pool({ connectionString: stack.databaseUrls.admin, max: 1 });
    const chat = new pg.Pool({ connectionString: stack.databaseUrls.chat, max: 1 });
    try {
      await eventually(async () => Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM stats_tasks')).rows[0]!.n) === DEV_TASKS.length, { what: 'the dashboard to learn the tasks' });
      await eventually(async () => Number((await chat.query<{ n: string }>('SELECT count(*) AS n FROM chat_news')).rows[0]!.n) === DEV_NEWS.length, { what: 'chat to learn the news titles' });
    } finally {
      await Promise.all([admin.end(), chat.end()]);
    }
  });

  it('when it runs again (every npm start), or on a board that has tasks, then nothing is added', async () => {
    const work = new pg.Pool({ connectionString: stack.databaseUrls.work, max: 1 });
    try {
      await work.query("DELETE FROM tasks WHERE sort_order <> 0");
      await seedDevelopmentDatabase({ auth: stack.databaseUrls.auth!, work: stack.databaseUrls.work, admin: stack.databaseUrls.admin }, { content: true });
      expect(Number((await work.query<{ n: string }>('SELECT count(*) AS n FROM tasks')).rows[0]!.n)).toBe(3);
    } finally {
      await work.end();
    }
    expect((await get<{ total: number }>('/api/news?pageSize=20', adminToken)).body.total).toBe(DEV_NEWS.length);
    expect((await get<{ items: unknown[] }>('/api/admin/documents?pageSize=100', adminToken)).body.items).toHaveLength(6);
  });
});
