import { describe, expect, it } from 'vitest';
import { fieldErrorOf, serverFieldOf, serverMessageOf } from './serverErrors';

/** An RTK Query error as baseQuery builds it from the body {message, code, field?}. */
const apiError = (body: Record<string, unknown>, status = 400) => ({ status, message: String(body.message ?? ''), ...(body.field ? { field: body.field } : {}), data: body });

describe('field-error mapping (issue 10)', () => {
  it('when the server names a field of the form, then the refusal belongs under it, with the server\'s message', () => {
    const error = apiError({ message: 'User with this email already exists', code: 'AUTH.EMAIL_TAKEN', field: 'email' }, 409);
    expect(fieldErrorOf(error, ['email', 'password'])).toEqual({ field: 'email', message: 'User with this email already exists' });
  });

  it('maps the server\'s name to the form\'s own (a withdrawal\'s walletAddress is the dialog\'s wallet field)', () => {
    const error = apiError({ message: 'Please enter a valid Bitcoin (BTC) wallet address', field: 'walletAddress' });
    expect(fieldErrorOf(error, { walletAddress: 'wallet', amount: 'amount' })).toEqual({ field: 'wallet', message: 'Please enter a valid Bitcoin (BTC) wallet address' });
  });

  it('when the field is not one of this form\'s, or no field is named, then it belongs to no field (a toast)', () => {
    expect(fieldErrorOf(apiError({ message: 'Unknown field(s): role' }), ['email'])).toBeNull();
    expect(fieldErrorOf(apiError({ message: 'querystring.limit is too big', field: 'querystring.limit' }), ['email'])).toBeNull();
    expect(fieldErrorOf({ status: 'FETCH_ERROR', message: 'Failed to fetch' }, ['email'])).toBeNull();
    expect(fieldErrorOf(undefined, ['email'])).toBeNull();
  });

  it('reads the field from the body too (an error built elsewhere), and an upload error\'s own field and message', () => {
    expect(serverFieldOf({ data: { field: 'amount' } })).toBe('amount');
    expect(fieldErrorOf({ status: 400, field: 'submission', serverMessage: 'Submission text is too long' }, ['submission'])).toEqual({
      field: 'submission',
      message: 'Submission text is too long',
    });
  });

  it('without a message there is nothing to show under the field', () => {
    expect(serverMessageOf({ data: { message: '   ' } })).toBeUndefined();
    expect(fieldErrorOf({ data: { field: 'email' } }, ['email'])).toBeNull();
  });
});

describe('server refusals in the interface language', () => {
  it('when the catalogue knows the code, then the message is said in the interface language; otherwise as the server said it', async () => {
    const { createI18n } = await import('../../app/i18n');
    const { ru } = await import('../../locales/ru');
    const { codeTranslator } = await import('./serverErrors');
    const taken = apiError({ message: 'User with this email already exists', code: 'AUTH.EMAIL_TAKEN', field: 'email' }, 409);
    expect(fieldErrorOf(taken, ['email'], codeTranslator(createI18n('ru', ru)))?.message).toBe('Пользователь с таким адресом эл. почты уже зарегистрирован');
    expect(fieldErrorOf(taken, ['email'], codeTranslator(createI18n('en')))?.message).toBe('User with this email already exists');
    const address = apiError({ message: 'Please enter a valid Bitcoin (BTC) wallet address', code: 'PAYOUTS.INVALID_WALLET_ADDRESS', field: 'address' });
    expect(fieldErrorOf(address, ['address'], codeTranslator(createI18n('ru', ru)))?.message).toBe('Please enter a valid Bitcoin (BTC) wallet address');
  });
});
