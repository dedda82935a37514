import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable, TRANSIENT_CONFLICT_MESSAGE } from './dependency-errors.js';
import { toAppError } from './errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it.each([
    ['pg_terminate_backend', withCode('terminating connection due to administrator command', '57P01')],
    ['crash shutdown', withCode('terminating connection because of crash of another server process', '57P02')],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['connection exception', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['pg socket end', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['redis command timeout', new Error('Command timed out')],
    ['wrapped', new Error('could not read the balance', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('when %s, then the dependency is unavailable (503)', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(toAppError(error)).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' });
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a check violation', withCode('new row violates check constraint', '23514')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('when %s, then it is not (it stays a 500)', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
    expect(toAppError(error)).toMatchObject({ status: 500 });
  });
});

describe('a transaction that lost a race', () => {
  it.each([
    ['a deadlock', withCode('deadlock detected', '40P01')],
    ['a serialization failure', withCode('could not serialize access due to concurrent update', '40001')],
  ])('when PostgreSQL aborts it as %s, then the request is answered 503 with "try again", not 500', (_name, error) => {
    expect(toAppError(error)).toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE', message: TRANSIENT_CONFLICT_MESSAGE });
  });
});
