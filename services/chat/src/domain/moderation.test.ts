import { describe, expect, it } from 'vitest';
import { compileWord, createMatcher, MATCHER_WORK } from './moderation.js';

const matcher = createMatcher(['scam', 'kill', 'ass', 'free money', 'мошенник']);
const blocked = (text: string) => matcher.moderate(text).blockedWords;

describe('moderate (the banned-word matcher)', () => {
  it.each([
    ['plain', 'this is a scam'],
    ['upper case', 'SCAM alert'],
    ['at the start and end', 'scam'],
    ['punctuation around', 'a scam! really.'],
    ['repeated letters', 'what a scaaaaam'],
    ['repeated everything', 'sssccaaammm'],
    ['spaced out', 's c a m'],
    ['dotted', 's.c.a.m'],
    ['dashed with two spaces', 's -c -a -m'],
    ['Cyrillic look-alikes', 'ѕсаm'],
    ['Greek look-alikes', 'scαm'],
    ['full-width letters', 'ｓｃａｍ'],
    ['accents', 'scám'],
    ['digits and symbols for letters', '$c4m'],
    ['at sign', 'sc@m'],
    ['zero-width characters inside', 's\u200bc\u200da\u00adm'],
    ['digits after it', 'scam2024'],
    ['a newline inside the spacing', 's\nc\na\nm'],
    // issue 26 item 7: what the probe got through
    ['in small capitals', 'ꜱᴄᴀᴍ'],
    ['in Cherokee letters', 'ᏚᏟᎪᎷ'],
    ['with a Lisu letter', 'ꓢcam'],
    ['with a hooked letter', 'ʂcam'],
    ['in enclosed letters', '🅢🅒🅐🅜'],
    ['in negative squared letters', '🆂🅲🅰🅼'],
    ['spaced by four spaces and a line break', 's    \nc    \na    \nm'],
    ['letters far apart', 's     c     a     m'],
    ['upper-case Cherokee and Cyrillic mixed', 'ᏚСᎪМ'],
    ['in mathematical bold', '𝐬𝐜𝐚𝐦'],
  ])('when a message has "scam" %s, then it is blocked', (_case, text) => {
    expect(blocked(text)).toEqual(['scam']);
  });

  it.each([
    ['inside a longer word', 'scampi for dinner'],
    ['across two words', 'this camera is new'],
    ['mixed spacing', 'sc am'],
    ['a different word', 'scan the code'],
  ])('when a message has "scam" only %s, then it is allowed', (_case, text) => {
    expect(matcher.moderate(text)).toEqual({ isAllowed: true, reason: 'No banned words found', blockedWords: [], cleanedMessage: text });
  });

  it('when a banned word has a double letter, then a single letter does not match but more do', () => {
    expect(blocked('as you like')).toEqual([]);
    expect(blocked('kil')).toEqual([]);
    expect(blocked('you asssss')).toEqual(['ass']);
    expect(blocked('kiiiilll')).toEqual(['kill']);
  });

  it('when a banned word is written in look-alikes of any case, then the confusables skeleton still matches', () => {
    const m = createMatcher(['kill', 'scam', 'мошенник']);
    expect(m.moderate('KILL').blockedWords).toEqual(['kill']);
    expect(m.moderate('ᴋɪʟʟ').blockedWords).toEqual(['kill']);
    expect(m.moderate('МОШЕННИК').blockedWords).toEqual(['мошенник']);
    expect(m.moderate('kil').blockedWords).toEqual([]);
    expect(m.moderate('a scampi, a scan, this camera').blockedWords).toEqual([]);
  });

  it('when a banned phrase is written with or without its space, then it is blocked', () => {
    expect(blocked('get free money now')).toEqual(['free money']);
    expect(blocked('freemoney')).toEqual(['free money']);
    expect(blocked('free   money')).toEqual(['free money']);
    expect(blocked('free and money')).toEqual([]);
  });

  it('when a Russian banned word is written with a repeated or Latin look-alike letter, then it is blocked', () => {
    expect(blocked('он мошенник')).toEqual(['мошенник']);
    expect(blocked('МОШЕННИИИК')).toEqual(['мошенник']);
    expect(blocked('мoшeнник')).toEqual(['мошенник']);
  });

  it('when a message is blocked, then the reason names the words and the cleaned message masks each match', () => {
    const verdict = matcher.moderate('A scam and s c a m, kill it');
    expect(verdict).toEqual({
      isAllowed: false,
      reason: 'Message blocked: it contains the banned words "kill", "scam"',
      blockedWords: ['kill', 'scam'],
      cleanedMessage: 'A **** and * * * *, **** it',
    });
  });

  it('when a word has no letter or digit, then it compiles to nothing; stored words are trimmed and lower case', () => {
    expect(compileWord('  !!! ')).toBeUndefined();
    expect(createMatcher(['  SCAM ', 'scam', '...']).words).toEqual(['scam']);
  });

  it('when a message is 2,000 copies of one letter and the banned word repeats it, then the matcher visits each state at most once (no backtracking blow-up)', () => {
    const word = 'aaaaaaaaaaaaaaaaaaaab';
    const m = createMatcher([word]);
    const before = MATCHER_WORK.visits;
    expect(m.moderate('a'.repeat(2000)).isAllowed).toBe(true);
    // Two passes (letters together, then spaced out), each at most pattern length x text length states.
    expect(MATCHER_WORK.visits - before).toBeLessThanOrEqual(2 * word.length * 2000);
  });
});
