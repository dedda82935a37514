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

describe('server refusals in the interface language (issue 28)', () => {
  it('when the catalogue knows the code, then the message is said in the interface language, with its parameters', async () => {
    const { createI18n } = await import('../../app/i18n');
    const { ru } = await import('../../locales/ru');
    const taken = apiError({ message: 'User with this email already exists', code: 'AUTH.EMAIL_TAKEN', field: 'email' }, 409);
    const address = apiError({
      message: 'Please enter a valid Bitcoin (BTC) wallet address',
      code: 'PAYOUTS.INVALID_WALLET_ADDRESS',
      params: { currency: 'Bitcoin (BTC)' },
      field: 'address',
    });
    createI18n('ru', ru);
    expect(fieldErrorOf(taken, ['email'])?.message).toBe('Пользователь с таким адресом эл. почты уже зарегистрирован');
    expect(fieldErrorOf(address, ['address'])?.message).toBe('Введите корректный адрес кошелька Bitcoin (BTC)');
    createI18n('en');
    expect(fieldErrorOf(taken, ['email'])?.message).toBe('User with this email already exists');
    expect(fieldErrorOf(address, ['address'])?.message).toBe('Please enter a valid Bitcoin (BTC) wallet address');
  });

  it('writes money, counts and plural forms for the language, and a field issue by its own code', async () => {
    const { createI18n } = await import('../../app/i18n');
    const { ru } = await import('../../locales/ru');
    const { errorMessageOf } = await import('../../app/errorMessage');
    const tooLow = apiError({ message: 'Minimum withdrawal amount is $1250.00', code: 'PAYOUTS.AMOUNT_TOO_LOW', params: { minimum: '1250.00' }, field: 'amount' });
    const tasks = (max: number) => apiError({ message: '…', code: 'WORK.TOO_MANY_TASKS', params: { max } }, 409);
    const missing = apiError({
      message: 'walletAddress is required',
      code: 'REQUEST.VALIDATION',
      field: 'walletAddress',
      details: [{ path: 'walletAddress', message: 'walletAddress is required', code: 'REQUEST.FIELD_REQUIRED', params: { field: 'walletAddress' } }],
    });
    createI18n('en');
    expect(errorMessageOf(tooLow)).toBe('Minimum withdrawal amount is $1,250.00');
    expect(errorMessageOf(tasks(1))).toBe('You can hold at most 1 task at once. Submit or hand one back to take another.');
    expect(errorMessageOf(tasks(3))).toBe('You can hold at most 3 tasks at once. Submit or hand one back to take another.');
    createI18n('ru', ru);
    expect(errorMessageOf(tooLow)).toBe('Минимальная сумма вывода — 1\u00a0250,00\u00a0$');
    expect(errorMessageOf(tasks(21))).toMatch(/^Одновременно можно держать не больше 21 задания\./);
    expect(errorMessageOf(tasks(5))).toMatch(/^Одновременно можно держать не больше 5 заданий\./);
    expect(fieldErrorOf(missing, { walletAddress: 'wallet' })).toEqual({ field: 'wallet', message: 'Поле «Адрес кошелька» обязательно' });
  });

  it('when the code is unknown, or a validation issue has none, then the server\'s message is shown as it came', async () => {
    const { createI18n } = await import('../../app/i18n');
    const { ru } = await import('../../locales/ru');
    const { errorMessageOf } = await import('../../app/errorMessage');
    createI18n('ru', ru);
    expect(errorMessageOf(apiError({ message: 'A newer refusal', code: 'WORK.SOMETHING_NEW' }))).toBe('A newer refusal');
    const issue = apiError({ message: 'Title must be at most 200 characters', code: 'REQUEST.VALIDATION', details: [{ path: 'title', message: 'Title must be at most 200 characters' }] });
    expect(serverMessageOf(issue)).toBe('Title must be at most 200 characters');
    // A field rule coded by its kind (issue 28 item 1): Russian from the catalogue, with the field's name and limit.
    const coded = apiError({
      message: 'Title must be at most 200 characters',
      code: 'REQUEST.VALIDATION',
      details: [{ path: 'title', message: 'Title must be at most 200 characters', code: 'FIELD.TOO_LONG', params: { field: 'title', max: 200 } }],
    });
    expect(serverMessageOf(coded)).toBe('Поле «Заголовок» слишком длинное (не больше 200 символов)');
    createI18n('en', (await import('../../locales/en')).en);
    // In English the rule's own sentence stays.
    expect(serverMessageOf(coded)).toBe('Title must be at most 200 characters');
    createI18n('ru', ru);
    expect(errorMessageOf({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe('Failed to fetch');
    // A known code without the parameters it declares (an older server): its own sentence is the better text.
    expect(errorMessageOf(apiError({ message: 'Minimum withdrawal amount is $50.00', code: 'PAYOUTS.AMOUNT_TOO_LOW', field: 'amount' }))).toBe('Minimum withdrawal amount is $50.00');
  });

  it('says why an account cannot be deleted from the reasons\' codes and parameters', async () => {
    const { createI18n } = await import('../../app/i18n');
    const { ru } = await import('../../locales/ru');
    const { errorMessageOf } = await import('../../app/errorMessage');
    const blocked = apiError(
      {
        message: 'Your account cannot be deleted yet: The available balance is $7.50; it must be $0.00; 2 tasks are still assigned',
        code: 'AUTH.ACCOUNT_NOT_EMPTY',
        params: { subject: 'own', reasons: [{ code: 'available_balance', params: { amount: '7.50' } }, { code: 'active_assignment', params: { count: 2 } }] },
      },
      409,
    );
    createI18n('en');
    expect(errorMessageOf(blocked)).toBe('Your account cannot be deleted yet: The available balance is $7.50; it must be $0.00; 2 tasks are still assigned');
    createI18n('ru', ru);
    expect(errorMessageOf(blocked)).toBe('Ваш аккаунт пока нельзя удалить: Доступный баланс — 7,50\u00a0$; он должен быть нулевым; 2 задания всё ещё взяты');
  });
});
