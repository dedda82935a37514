import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n';
import { en } from './en';
import { ru } from './ru';

/** Every text of a catalogue with its path (["payouts", "statement", "verified_one"]; an error code's key keeps its dots). */
function entriesOf(tree: object, path: string[] = []): { path: string[]; text: string }[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [{ path: [...path, key], text: value }] : entriesOf(value as object, [...path, key])));
}

/** Every key of a catalogue, dotted ("payouts.statement.verified_one"). */
function keysOf(tree: object): string[] {
  return entriesOf(tree).map((entry) => entry.path.join('.'));
}

/** The plural forms each language needs (Intl.PluralRules' categories for whole numbers, and "other"). */
const FORMS = { en: ['one', 'other'], ru: ['one', 'few', 'many', 'other'] } as const;

describe('plurals through the catalogue', () => {
  it.each([
    ['en', en],
    ['ru', ru],
  ] as const)('when a text has plural forms in %s, then it has every form that language needs, and no text counts with "(s)"', (language, catalogue) => {
    const keys = keysOf(catalogue);
    const plurals = new Set(keys.filter((k) => /_(one|few|many|other)$/.test(k)).map((k) => k.replace(/_(one|few|many|other)$/, '')));
    expect(plurals.size).toBeGreaterThan(0);
    for (const base of plurals) {
      for (const form of FORMS[language]) expect(keys, `${language}: ${base}_${form}`).toContain(`${base}_${form}`);
    }
    const texts = entriesOf(catalogue).map((entry) => entry.text);
    expect(texts.filter((text) => /\(s\)/.test(text))).toEqual([]);
    // English and Russian plural the same texts.
    if (language === 'ru') expect([...plurals].sort()).toEqual([...new Set(keysOf(en).filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_(one|other)$/, '')))].sort());
  });

  it('when the ledger check counts 1, 3 and 5 entries, then each language says it in the right form', async () => {
    const i18n = createI18n('en', ru);
    const say = (count: number) => i18n.t('payouts.statement.verified', { count });
    expect([say(1), say(3)]).toEqual(['1 entry verified', 'All 3 entries verified']);
    await i18n.changeLanguage('ru');
    expect([say(1), say(3), say(5), say(21)]).toEqual(['Проверена 1 запись', 'Проверены все 3 записи', 'Проверены все 5 записей', 'Проверена 21 запись']);
  });
});
