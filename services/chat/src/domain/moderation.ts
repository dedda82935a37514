/**
 * The banned-word matcher: the one function that decides whether a message may be posted. The admin test box
 * (POST /api/admin/chat-moderation/test) and every message, over HTTP and WebSocket, go through `moderate`, so the
 * test box never disagrees with the chat.
 *
 * A banned word matches case-insensitively, on word boundaries, and through the common obfuscations:
 * - look-alike characters: both the banned word and the message are compared by their Unicode confusables
 *   skeleton (UTS #39, the table of the `unhomoglyph` package, taken per character after lower-casing, twice so
 *   that an upper-case letter meets its lower-case skeleton): Cyrillic "ѕсаm", Greek "scαm", Cherokee "ᏚᏟᎪᎷ",
 *   Lisu "ꓢcam", hooked letters "ʂcam"; full-width and styled letters (NFKC), small capitals "ꜱᴄᴀᴍ" and enclosed
 *   letters "🅢🅒🅐🅜" (which neither NFKC nor the table map), accents ("scám"), digits and symbols used as letters
 *   ("$c4m", "5c@m", "sc4m"). The skeleton is for comparing, not reading: "m" and "rn" are one skeleton, so a
 *   banned "scam" also blocks "scarn";
 * - repeated letters ("scaaaam"; a banned "kill" matches "kiiilll" but not "kil", so "ass" never matches "as");
 * - spacing: every letter separated by any run of spaces, line breaks or punctuation ("s c a m", "s.c.a.m",
 *   "s    \nc    \na    \nm");
 * - invisible characters (zero-width spaces and joiners, soft hyphens, combining marks) are ignored.
 * Spacing must be consistent (all letters apart, or none): "sc am" is not a match, so that ordinary text where a
 * word ends with the banned word's first letters and the next begins with the rest ("this camera") never is.
 * A phrase ("free money") matches with or without the space between its words.
 */

import unhomoglyph from 'unhomoglyph';

export interface TModerationVerdict {
  isAllowed: boolean;
  reason: string;
  blockedWords: string[];
  cleanedMessage: string;
}

/** Letters of other scripts (and Latin variants NFKC keeps) that look like a Latin letter. */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ү: 'y',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', ς: 'c', σ: 'o',
  // Latin variants
  ı: 'i', ȷ: 'j', ſ: 's', ɑ: 'a', ɡ: 'g', ɩ: 'i', ʋ: 'u', ß: 's',
};

/** Digits and symbols written for letters; each may stand for any of its letters. */
const LEET: Record<string, string> = {
  '0': 'o', '1': 'il', '2': 'z', '3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b', '9': 'g',
  '@': 'a', $: 's', '!': 'i', '|': 'il', '+': 't', '€': 'e', '¡': 'i', '£': 'l', '¢': 'c', '©': 'c', '®': 'r',
};

/** Characters that are removed before matching (they show nothing): format characters, combining marks, fillers. */
const INVISIBLE = /^(?:\p{Cf}|\p{Mn}|\p{Me}|[\u115F\u1160\u3164\uFFA0])$/u;
const REAL_LETTER = /\p{L}/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const WHITESPACE = /\s/u;

/** Most separators between two words of a banned phrase written tight ("free   money"). */
const MAX_PHRASE_SPACING = 3;

/** Small capitals (no NFKC or confusables mapping of their own) and the Latin letter each stands for. */
const SMALL_CAPITALS: Record<string, string> = Object.fromEntries(
  [...'ᴀaʙbᴄcᴅdᴇeꜰfɢgʜhɪiᴊjᴋkʟlᴍmɴnᴏoᴘpꞯqʀrꜱsᴛtᴜuᴠvᴡwʏyᴢz'.matchAll(/(.)([a-z])/gu)].map(([, small, letter]) => [small!, letter!]),
);

/**
 * Enclosed Latin capitals that NFKC leaves alone (negative circled 🅐, negative squared 🅰, regional indicators 🇦):
 * the first code point of each run of A-Z.
 */
const ENCLOSED_ALPHABETS = [0x1f150, 0x1f170, 0x1f1e6];

function enclosedLetter(codePoint: number): string | undefined {
  for (const first of ENCLOSED_ALPHABETS) {
    if (codePoint >= first && codePoint < first + 26) return String.fromCharCode(0x61 + codePoint - first);
  }
  return undefined;
}

/** Lower case, then the confusables skeleton (UTS #39 table of the `unhomoglyph` package), invisible marks dropped. */
function skeletonOf(text: string): string {
  return [...unhomoglyph(text.toLowerCase()).toLowerCase().normalize('NFD')].filter((char) => !INVISIBLE.test(char)).join('');
}

/**
 * What one character (of NFKC's output) may stand for: its skeleton taken from its lower case, and taken from itself
 * before lower-casing (Cherokee "Ꮯ" has a skeleton, its lower case "ꮯ" none; Cyrillic "М" lower-cases to "м"
 * whose skeleton "ʍ" is also the skeleton of a banned "м"), each lower-cased and taken once more ("M" -> "m" ->
 * "rn"). A hook or an accent the skeleton leaves becomes a combining mark and is dropped.
 */
function alternativesOf(char: string): string[] {
  let known = ALTERNATIVES_CACHE.get(char);
  if (!known) {
    // Bounded: a message of many distinct characters empties it rather than growing it.
    if (ALTERNATIVES_CACHE.size >= ALTERNATIVES_CACHE_SIZE) ALTERNATIVES_CACHE.clear();
    known = computeAlternatives(char);
    ALTERNATIVES_CACHE.set(char, known);
  }
  return known;
}

/** The characters seen lately and what each may stand for (the table lookup is a regular expression per call). */
const ALTERNATIVES_CACHE = new Map<string, string[]>();
const ALTERNATIVES_CACHE_SIZE = 4096;

function computeAlternatives(char: string): string[] {
  const latin = SMALL_CAPITALS[char] ?? enclosedLetter(char.codePointAt(0) ?? 0) ?? char;
  const forms = new Set<string>();
  for (const first of [skeletonOf(latin), skeletonOf(unhomoglyph(latin))]) {
    const form = skeletonOf(first);
    if (form) forms.add([...form].length === 1 ? (LOOKALIKES[form] ?? form) : form);
  }
  return [...forms];
}

interface TUnit {
  /** What this character may stand for (each a skeleton: a letter, or a few, as "m" is "rn"); empty for a separator. */
  letters: string[];
  /** A letter of some script (not a digit or a symbol standing in for one): decides word boundaries. */
  isRealLetter: boolean;
  /** Where it came from in the original text (UTF-16 offsets). */
  start: number;
  end: number;
}

interface TLetterUnit extends TUnit {
  /** Separators between the previous letter unit and this one. */
  gap: number;
}

/** The text as a list of units: each original code point becomes zero or more units (NFKC may give several). */
function unitsOf(text: string): TUnit[] {
  const units: TUnit[] = [];
  let offset = 0;
  for (const codePoint of text) {
    const start = offset;
    offset += codePoint.length;
    for (const char of codePoint.normalize('NFKC')) {
      // Digits and symbols for letters are read before the skeleton (which makes "0" an "o" and "1" an "l" only).
      const leet = LEET[char];
      if (leet !== undefined) {
        units.push({ letters: [...leet], isRealLetter: false, start, end: offset });
        continue;
      }
      const alternatives = alternativesOf(char);
      if (alternatives.length === 0) continue; // invisible: a format character, a combining mark, a filler
      if (alternatives.some((form) => WORD_CHARACTER.test(form))) {
        units.push({ letters: alternatives, isRealLetter: REAL_LETTER.test(char) || alternatives.some((form) => REAL_LETTER.test(form)), start, end: offset });
      } else {
        units.push({ letters: [], isRealLetter: false, start, end: offset });
      }
    }
  }
  return units;
}

function letterUnitsOf(units: TUnit[]): TLetterUnit[] {
  const letters: TLetterUnit[] = [];
  let gap = 0;
  for (const unit of units) {
    if (unit.letters.length === 0) {
      gap += 1;
      continue;
    }
    letters.push({ ...unit, gap });
    gap = 0;
  }
  return letters;
}

interface TPatternLetter {
  letters: string[];
  /** The first letter of a later word of a phrase: the words may be written apart or together. */
  wordStart: boolean;
}

export interface TCompiledWord {
  word: string;
  pattern: TPatternLetter[];
}

const intersects = (a: string[], b: string[]): boolean => a.some((form) => b.includes(form));

/** The stored form of a banned word: trimmed, lower case, inner whitespace collapsed. */
export function normaliseBannedWord(word: string): string {
  return word.normalize('NFKC').trim().toLowerCase().replace(/\s+/gu, ' ');
}

/** The pattern of a banned word (one entry per letter), or undefined when it has no letter or digit. */
export function compileWord(word: string): TCompiledWord | undefined {
  if (!WORD_CHARACTER.test(word)) return undefined;
  const pattern: TPatternLetter[] = [];
  let pendingWordStart = false;
  for (const unit of unitsOf(normaliseBannedWord(word))) {
    if (unit.letters.length === 0) {
      if (pattern.length > 0) pendingWordStart = true;
      continue;
    }
    pattern.push({ letters: unit.letters, wordStart: pendingWordStart });
    pendingWordStart = false;
  }
  return pattern.length ? { word: normaliseBannedWord(word), pattern } : undefined;
}

type TMode = 'tight' | 'spaced';

function gapAllowed(gap: number, mode: TMode, betweenPhraseWords: boolean): boolean {
  // Spaced out: any run of separators between letters (each letter then stands alone, see matchAt).
  if (mode === 'spaced') return gap >= 1;
  return betweenPhraseWords ? gap <= MAX_PHRASE_SPACING : gap === 0;
}

/** States the matcher has visited since the process started: the test of its bound reads it (no clock needed). */
export const MATCHER_WORK = { visits: 0 };

/** Where a match of `pattern` starting at letter unit `first` ends (its last letter unit), or -1. */
function matchAt(letters: TLetterUnit[], pattern: TPatternLetter[], first: number, mode: TMode): number {
  const last = pattern.length - 1;
  const boundaryAfter = (i: number): boolean => {
    const next = letters[i + 1];
    return !next || next.gap > 0 || !next.isRealLetter || !letters[i]!.isRealLetter;
  };
  // States (pattern letter k took letter unit i) known not to lead to a match: each state is visited once, so a
  // run of one letter costs pattern length x text length at most, never more.
  const failed = new Set<number>();
  const visit = (k: number, i: number): number => {
    MATCHER_WORK.visits += 1;
    if (k === last && boundaryAfter(i)) return i;
    const key = k * letters.length + i;
    if (failed.has(key)) return -1;
    let found = -1;
    const next = letters[i + 1];
    if (next) {
      // The next unit starts the next pattern letter, or repeats this one.
      if (k < last && gapAllowed(next.gap, mode, pattern[k + 1]!.wordStart) && intersects(next.letters, pattern[k + 1]!.letters)) found = visit(k + 1, i + 1);
      if (found < 0 && gapAllowed(next.gap, mode, false) && intersects(next.letters, pattern[k]!.letters)) found = visit(k, i + 1);
    }
    if (found < 0) failed.add(key);
    return found;
  };
  return intersects(letters[first]!.letters, pattern[0]!.letters) ? visit(0, first) : -1;
}

export interface TMatcher {
  /** The banned words, as stored, sorted. */
  words: string[];
  moderate(message: string): TModerationVerdict;
}

export function reasonFor(blockedWords: string[]): string {
  if (blockedWords.length === 0) return 'No banned words found';
  const quoted = blockedWords.map((w) => `"${w}"`).join(', ');
  return blockedWords.length === 1 ? `Message blocked: it contains the banned word ${quoted}` : `Message blocked: it contains the banned words ${quoted}`;
}

/** Builds the matcher for a list of banned words (any spelling; words without a letter or digit are ignored). */
export function createMatcher(words: readonly string[]): TMatcher {
  const compiled = [...new Map(words.map((w) => [normaliseBannedWord(w), w])).keys()]
    .map(compileWord)
    .filter((c): c is TCompiledWord => c !== undefined)
    .sort((a, b) => a.word.localeCompare(b.word));
  return {
    words: compiled.map((c) => c.word),
    moderate(message: string): TModerationVerdict {
      const letters = letterUnitsOf(unitsOf(message));
      const found = new Set<string>();
      const spans: [number, number][] = [];
      for (const { word, pattern } of compiled) {
        for (let i = 0; i < letters.length; i++) {
          const unit = letters[i]!;
          const before = letters[i - 1];
          // A word boundary before the first letter: nothing, a separator, or a non-letter before it.
          if (before && unit.gap === 0 && before.isRealLetter && unit.isRealLetter) continue;
          if (!intersects(unit.letters, pattern[0]!.letters)) continue;
          let end = matchAt(letters, pattern, i, 'tight');
          if (end < 0 && pattern.length > 1) end = matchAt(letters, pattern, i, 'spaced');
          if (end < 0) continue;
          found.add(word);
          spans.push([unit.start, letters[end]!.end]);
          i = end;
        }
      }
      const blockedWords = compiled.map((c) => c.word).filter((w) => found.has(w));
      return { isAllowed: blockedWords.length === 0, reason: reasonFor(blockedWords), blockedWords, cleanedMessage: mask(message, spans) };
    },
  };
}

/** Replaces every visible character inside the spans with an asterisk. */
function mask(message: string, spans: [number, number][]): string {
  if (spans.length === 0) return message;
  let out = '';
  let offset = 0;
  for (const codePoint of message) {
    const inside = spans.some(([start, end]) => offset >= start && offset < end);
    out += inside && !WHITESPACE.test(codePoint) ? '*' : codePoint;
    offset += codePoint.length;
  }
  return out;
}
