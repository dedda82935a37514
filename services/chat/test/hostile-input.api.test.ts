import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFieldsAcceptingHostileText, fingerprintTables, probeHostileInput, recordRouteTables, type TRecordedRoute } from '@platform/service-kit/testing';
import { startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

let h: TChatHarness;
let routes: TRecordedRoute[];
let worker: TTestUser;
beforeAll(async () => {
  const recorder = recordRouteTables();
  try {
    h = await startChatHarness('chat_hostile', { SEND_LIMIT_MESSAGES: '10000' });
    routes = recorder.routesServedAt(h.a.url);
  } finally {
    recorder.stop();
  }
  worker = await h.newUser();
});
afterAll(async () => {
  await h?.close();
});

describe('hostile input on every route of the chat service', () => {
  it('when the route table is read, then it has the routes this file knows of (and any added later)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/chat/messages', 'POST /api/chat/messages', 'POST /api/chat/read', 'POST /api/admin/chat-moderation/banned-words', 'POST /api/admin/chat-moderation/test']),
    );
  });

  it('when any text field of any route is given a NUL, a control character or a lone surrogate on its own, then its schema refuses it', () => {
    const accepting = routes.flatMap((r) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => findFieldsAcceptingHostileText(r.schema[part]).map((field) => `${r.method} ${r.url} ${part}.${field}`)),
    );
    expect(accepting).toEqual([]);
  });

  it('when every route gets NUL, lone surrogates, a BOM, 10 MB or malformed input, then 4xx {message, code} and nothing is written', async () => {
    // Reading the unread counts starts the worker's read position (a legitimate write of a GET): do it first.
    await h.api('GET', '/api/chat/unread', { token: worker.token });
    const before = await fingerprintTables(h.a.pool);
    const answers = await probeHostileInput({
      baseUrl: h.a.url,
      routes,
      tokenFor: (route) => (route.url.startsWith('/api/admin/') ? h.admin.token : worker.token),
      samples: {
        'POST /api/chat/messages': { content: 'Hello', chatType: 'general' },
        'POST /api/chat/read': { chatType: 'general' },
        'POST /api/admin/chat-moderation/banned-words': { words: ['spam'] },
        'DELETE /api/admin/chat-moderation/banned-words': { words: ['spam'] },
        'POST /api/admin/chat-moderation/test': { message: 'Hello' },
        'POST /api/support/message': { content: 'Hello' },
        'POST /api/admin/support-reply': { userId: '7f1a8f68-8f3e-4a43-9a59-2bd5cbd2d3b0', content: 'Hello' },
        'PATCH /api/admin/support-conversations/:userId': { status: 'resolved' },
      },
    });
    expect(answers.length).toBeGreaterThan(routes.length * 3);
    expect(answers.filter((a) => a.problem)).toEqual([]);
    expect(await fingerprintTables(h.a.pool)).toEqual(before);
  });
});
