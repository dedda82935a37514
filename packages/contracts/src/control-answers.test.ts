import { describe, expect, it } from 'vitest';
import { controlAnswerMatches, normaliseControlAnswer } from './constants.js';
import { ZCreateTaskRequestSchema } from './work.js';

/** Issue 30 item 5: how a control task's expected answer is compared with a submission's text. */
describe('normaliseControlAnswer', () => {
  it.each([
    ['  The   Blue\tDoor \n', 'the blue door'],
    ['Ｔｈｅ　ＢＬＵＥ', 'the blue'],
    ['cafe\u0301', 'café'],
    ['b\u200blue\u200d\u2060\ufeff', 'blue'],
    ['\u202eevil\u202c', 'evil'],
    ['Straße', 'strasse'],
    ['ﬁne ﬃ', 'fine ffi'],
    ['ΟΔΟΣ', 'οδος'],
    ['x\u00adx', 'xx'],
    ['①②', '12'],
  ])('normalises %j to %j', (value, expected) => {
    expect(normaliseControlAnswer(value)).toBe(expected);
  });

  it('keeps letters of other scripts that only look alike apart', () => {
    expect(normaliseControlAnswer('dооr')).not.toBe(normaliseControlAnswer('door'));
    expect(controlAnswerMatches('dооr', 'door', 'normalised')).toBe(false);
  });

  it('compares exactly (trimmed, canonical equivalence only) or normalised', () => {
    expect(controlAnswerMatches('  Door ', 'Door', 'exact')).toBe(true);
    expect(controlAnswerMatches('cafe\u0301', 'café', 'exact')).toBe(true);
    expect(controlAnswerMatches('door', 'Door', 'exact')).toBe(false);
    expect(controlAnswerMatches('Ｄｏｏｒ', 'Door', 'exact')).toBe(false);
    expect(controlAnswerMatches('Ｄｏｏｒ', 'Door', 'normalised')).toBe(true);
    expect(controlAnswerMatches('', 'Door', 'normalised')).toBe(false);
  });

  it('handles 20,000 combining marks quickly', () => {
    const zalgo = `a${'\u0301'.repeat(20_000)}`;
    const started = performance.now();
    expect(controlAnswerMatches(zalgo, 'a', 'normalised')).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('a task\'s control part (ZCreateTaskRequestSchema.control)', () => {
  const base = { title: 't', description: 'd', reward: '1.00', submissionInstructions: 'i', estimatedMinutes: 5 };
  it('defaults the match to normalised and trims the answer', () => {
    expect(ZCreateTaskRequestSchema.parse({ ...base, control: { expectedAnswer: '  Blue ' } }).control).toEqual({ expectedAnswer: 'Blue', match: 'normalised' });
    expect(ZCreateTaskRequestSchema.parse({ ...base, control: null }).control).toBeNull();
  });
  it.each([[{ expectedAnswer: '\u200b\u200c' }], [{ expectedAnswer: '' }], [{ expectedAnswer: 'a', match: 'loose' }], [{ expectedAnswer: 'a', extra: 1 }], ['a'], [{ expectedAnswer: 'a'.repeat(1001) }]])('refuses %j', (control) => {
    expect(ZCreateTaskRequestSchema.safeParse({ ...base, control }).success).toBe(false);
  });
});
