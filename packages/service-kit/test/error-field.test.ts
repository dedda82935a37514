import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, createHttpServer, createLogger, createMetrics, listen, type TApp } from '../src/index.js';
import { ERROR_CODE_ISSUE_PARAM, ERROR_PARAMS_ISSUE_PARAM } from '@platform/contracts';

/** The error body names the field a refusal belongs to (`field`), so a screen can show it under that field. */
describe('error body field', () => {
  let app: TApp;
  let url: string;

  beforeAll(async () => {
    app = createHttpServer({ logger: createLogger({ service: 'test', level: 'silent' }), metrics: createMetrics('test-field') });
    const body = z.strictObject({ address: z.string().min(1, 'Wallet address is required'), amount: z.string().regex(/^\d+$/, 'Please enter a valid amount') });
    app.post('/wallets', { schema: { body } }, async () => ({ ok: true }));
    app.get('/search', { schema: { querystring: z.strictObject({ limit: z.coerce.number().int().max(100, 'At most 100') }) } }, async () => ({ ok: true }));
    app.post('/taken', async () => {
      throw new AppError('AUTH.EMAIL_TAKEN', 409, 'User with this email already exists', undefined, 'email');
    });
    app.post('/too-low', async () => {
      throw new AppError('PAYOUTS.AMOUNT_TOO_LOW', 400, 'Minimum withdrawal amount is $50.00', undefined, 'amount', { minimum: '50.00' });
    });
    const coded = z.strictObject({
      address: z.string().refine((v) => v.startsWith('0x'), {
        message: 'Please enter a valid Ethereum (ETH) wallet address',
        params: { [ERROR_CODE_ISSUE_PARAM]: 'PAYOUTS.INVALID_WALLET_ADDRESS', [ERROR_PARAMS_ISSUE_PARAM]: { currency: 'Ethereum (ETH)' } },
      }),
    });
    app.post('/coded', { schema: { body: coded } }, async () => ({ ok: true }));
    app.post('/conflict', async () => {
      throw new AppError('WORK.TASK_ALREADY_TAKEN', 409, 'Thing already exists');
    });
    url = await listen(app, '127.0.0.1', 0);
  });
  afterAll(async () => app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('when a body field fails its rule, then the field is the first issue\'s path and the message is unchanged', async () => {
    const res = await post('/wallets', { address: '', amount: 'x' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ message: 'Wallet address is required', code: 'REQUEST.VALIDATION', field: 'address' });
    expect(body.details).toEqual([
      { path: 'address', message: 'Wallet address is required', code: 'FIELD.REQUIRED', params: { field: 'address' } },
      { path: 'amount', message: 'Please enter a valid amount', code: 'FIELD.INVALID', params: { field: 'amount' } },
    ]);
  });

  it('when a rule names no code of its own, then its issue is coded by its kind with the field and the limit (issue 28 item 1)', async () => {
    const res = await fetch(`${url}/search?limit=500`);
    const body = (await res.json()) as { details: unknown };
    expect(body.details).toEqual([{ path: 'querystring.limit', message: 'At most 100', code: 'FIELD.TOO_LARGE', params: { field: 'querystring.limit', max: 100 } }]);
  });

  it('when a field is missing, then its issue carries REQUEST.FIELD_REQUIRED and the field, so a screen can say it in its language (issue 28)', async () => {
    const body = (await (await post('/wallets', { address: 'a' })).json()) as Record<string, unknown>;
    expect(body.details).toEqual([{ path: 'amount', message: 'amount is required', code: 'REQUEST.FIELD_REQUIRED', params: { field: 'amount' } }]);
  });

  it('when a rule names its code and parameters, then its issue carries them beside the English message (issue 28)', async () => {
    const body = (await (await post('/coded', { address: 'nope' })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ message: 'Please enter a valid Ethereum (ETH) wallet address', code: 'REQUEST.VALIDATION', field: 'address' });
    expect(body.details).toEqual([
      {
        path: 'address',
        message: 'Please enter a valid Ethereum (ETH) wallet address',
        code: 'PAYOUTS.INVALID_WALLET_ADDRESS',
        params: { currency: 'Ethereum (ETH)' },
      },
    ]);
  });

  it('when an AppError has parameters, then the body carries them beside the code and the English message (issue 28)', async () => {
    const res = await post('/too-low', {});
    expect(await res.json()).toEqual({ message: 'Minimum withdrawal amount is $50.00', code: 'PAYOUTS.AMOUNT_TOO_LOW', params: { minimum: '50.00' }, field: 'amount' });
  });

  it('when a required field is missing, then it is named as the field', async () => {
    const res = await post('/wallets', { address: 'a' });
    expect(await res.json()).toMatchObject({ message: 'amount is required', field: 'amount' });
  });

  it('when the refusal is about the whole body (an unknown field), then no field is named', async () => {
    const res = await post('/wallets', { address: 'a', amount: '1', role: 'admin' });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.message).toBe('Unknown field(s): role');
    expect(body).not.toHaveProperty('field');
  });

  it('when a query parameter fails, then the field carries where it came from, as the details do', async () => {
    const res = await fetch(`${url}/search?limit=500`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'At most 100', field: 'querystring.limit' });
  });

  it('when a use case refuses one field with an AppError, then its field is in the body', async () => {
    const res = await post('/taken', {});
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'User with this email already exists', code: 'AUTH.EMAIL_TAKEN', field: 'email' });
  });

  it('when an AppError names no field, then the body has none', async () => {
    expect(await (await post('/conflict', {})).json()).toEqual({ message: 'Thing already exists', code: 'WORK.TASK_ALREADY_TAKEN' });
  });
});
