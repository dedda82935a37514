import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZTextSchema } from '@platform/contracts';
import { createHttpServer, createLogger, createMetrics, listen, type TApp } from '../src/index.js';
import { findFieldsAcceptingHostileText, probeHostileInput, recordRouteTables, type TRecordedRoute } from '../src/testing.js';

/**
 * The probe itself: it must see every route, and flag a text field without the primitive, a 500, an answer
 * outside `{message, code}` and a hang. A careless route here stands for one added to a service later.
 */
describe('the hostile-input probe', () => {
  let app: TApp;
  let url: string;
  let routes: TRecordedRoute[];
  const stored: string[] = [];

  beforeAll(async () => {
    const recorder = recordRouteTables();
    app = createHttpServer({ logger: createLogger({ service: 'test', level: 'silent' }), metrics: createMetrics('test') });
    app.post('/safe/:id', { schema: { params: z.strictObject({ id: ZTextSchema('Id') }), body: z.strictObject({ name: ZTextSchema('Name').min(1) }) } }, async (request) => {
      stored.push(request.body.name);
      return { ok: true };
    });
    // Accepts any text and fails like PostgreSQL would on a NUL.
    app.post('/careless', { schema: { body: z.strictObject({ note: z.string() }) } }, async (request) => {
      if (request.body.note.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
      stored.push(request.body.note);
      return { ok: true };
    });
    app.get('/plain-text-error/:id', async (_request, reply) => reply.status(404).type('text/plain').send('nope'));
    // Decodes its query string by hand, as a proxy library did at the gateway (a URIError is a 500).
    app.get('/hand-decoded-query', async (request) => ({ query: decodeURIComponent(request.url.split('?')[1] ?? '') }));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { ok: true };
    });
    url = await listen(app, '127.0.0.1', 0);
    routes = recorder.routesServedAt(url);
    recorder.stop();
  });
  afterAll(async () => app.close());

  it('when the server has routes, then the recorder returns each with its schema', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /hand-decoded-query', 'GET /plain-text-error/:id', 'GET /slow', 'POST /careless', 'POST /safe/:id']);
    expect(findFieldsAcceptingHostileText(routes.find((r) => r.url === '/careless')?.schema.body)).toEqual(['note']);
    expect(findFieldsAcceptingHostileText(routes.find((r) => r.url === '/safe/:id')?.schema.body)).toEqual([]);
    expect(findFieldsAcceptingHostileText(routes.find((r) => r.url === '/safe/:id')?.schema.params)).toEqual([]);
  });

  it('when a route is safe, then every probe is a 4xx {message, code} and nothing reaches the handler', async () => {
    const answers = await probeHostileInput({ baseUrl: url, routes: routes.filter((r) => r.url === '/safe/:id'), tokenFor: () => undefined, samples: { 'POST /safe/:id': { name: 'ok' } } });
    expect(answers.filter((a) => a.problem)).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual(expect.arrayContaining([400, 413, 414]));
    expect(stored).toEqual([]);
  });

  it('when a route lets a NUL through, answers outside {message, code} or hangs, then the probe names each', async () => {
    const answers = await probeHostileInput({ baseUrl: url, routes: routes.filter((r) => r.url !== '/safe/:id'), tokenFor: () => undefined, timeoutMs: 500 });
    const problems = answers.filter((a) => a.problem).map((a) => `${a.route} | ${a.probe} | ${a.problem?.split(':')[0]}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'POST /careless | "a\\u0000b" in body field note | answered 500',
        'POST /careless | "a\\ud800" in body field note | answered 200',
        'GET /plain-text-error/:id | NUL in path parameter id | answered 404 without a {message, code} body',
        'GET /slow | NUL in an undeclared query parameter | no answer',
        'GET /hand-decoded-query | malformed percent-encoding in an undeclared query parameter | answered 500',
        'GET /hand-decoded-query | bare % signs in the query string | answered 500',
      ]),
    );
  });
});
