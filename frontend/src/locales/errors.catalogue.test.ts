import { ERROR_CODES, type TErrorCode } from '@platform/contracts/errors';
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../app/serverErrorText';
import { errorsEn } from './errors.en';
import { errorsRu } from './errors.ru';

const CATALOGUES = { en: errorsEn, ru: errorsRu };
const declared = Object.keys(ERROR_CODES).sort();

/** Where a catalogue and contracts' ERROR_CODES disagree, one line each (empty when they agree). */
function mismatches(codes: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  for (const code of declared) if (!Object.hasOwn(codes, code)) problems.push(`${code}: no entry`);
  for (const code of Object.keys(codes)) if (!Object.hasOwn(ERROR_CODES, code)) problems.push(`${code}: not a code in contracts`);
  for (const code of declared) {
    const entry = codes[code];
    if (entry === undefined) continue;
    const params = Object.keys(ERROR_CODES[code as TErrorCode]).sort();
    const used = placeholdersOf(entry);
    if (used.join(',') !== params.join(',')) problems.push(`${code}: placeholders {${used.join(', ')}} but the code's parameters are {${params.join(', ')}}`);
    if (entry.trim() === '') problems.push(`${code}: empty entry`);
  }
  return problems;
}

describe('server error catalogues (issue 28)', () => {
  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`the ${language} catalogue has an entry for every code in contracts, no other, with exactly the code's parameters`, () => {
      expect(mismatches(catalogue.codes)).toEqual([]);
    });
  }

  it('when a code has no entry, an entry has no code, or the placeholders differ, then the check names it', () => {
    const codes: Record<string, string> = { ...errorsEn.codes };
    delete codes['AUTH.INVALID_CREDENTIALS'];
    codes['AUTH.NOT_A_CODE'] = 'Nothing';
    codes['PAYOUTS.AMOUNT_TOO_LOW'] = 'Minimum withdrawal amount is {{amount}}';
    expect(mismatches(codes)).toEqual([
      'AUTH.INVALID_CREDENTIALS: no entry',
      'AUTH.NOT_A_CODE: not a code in contracts',
      "PAYOUTS.AMOUNT_TOO_LOW: placeholders {amount} but the code's parameters are {minimum}",
    ]);
  });

  it('both catalogues name the same inputs', () => {
    expect(Object.keys(errorsRu.fields).sort()).toEqual(Object.keys(errorsEn.fields).sort());
  });
});
