import { deletionBlockerErrorCode, ERROR_CODES, isErrorCode, type TErrorCode, type TErrorParamKind } from '@platform/contracts/errors';
import type { TErrorCodeTexts, TErrorFieldTexts } from '../locales/errors.en';
import { errorsEn } from '../locales/errors.en';
import { formatCount, formatMoney, localeOf } from './format';

/**
 * Server refusals in the reader's language (issue 28): the server answers a code from contracts (ERROR_CODES) with
 * its parameters beside the English `message`; the screen says the catalogue's entry for that code
 * (locales/errors.*.ts) with the parameters written for the reader: counts and money through format.ts, field
 * names from the catalogue's `fields`, a choice of words by a value or a number's plural form. Only a code the
 * catalogue does not know (a newer server) shows the server's message as it came.
 */

export interface TErrorTexts {
  codes: TErrorCodeTexts;
  fields: TErrorFieldTexts;
}

type TParams = Readonly<Record<string, unknown>>;

/** `{{name}}` or `{{name:key=text|key=text}}`. */
const PLACEHOLDER = /\{\{(\w+)(?::([^{}]*))?\}\}/g;

/** The parameter names an entry uses, each once, sorted. */
export function placeholdersOf(entry: string): string[] {
  return [...new Set([...entry.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].sort();
}

function choose(choices: string, value: unknown, language: string): string {
  const options = new Map(
    choices.split('|').map((option) => {
      const at = option.indexOf('=');
      return [option.slice(0, at), option.slice(at + 1)] as const;
    }),
  );
  const exact = options.get(String(value));
  if (exact !== undefined) return exact;
  if (typeof value === 'number') {
    const form = options.get(new Intl.PluralRules(localeOf(language)).select(value));
    if (form !== undefined) return form;
  }
  return options.get('other') ?? String(value ?? '');
}

/** A parameter written for the reader, or undefined when it is missing or not what its kind says. */
function write(kind: TErrorParamKind | undefined, value: unknown, language: string, texts: TErrorTexts): string | undefined {
  if (value === undefined || value === null) return undefined;
  switch (kind) {
    case 'count':
      return typeof value === 'number' ? formatCount(value, language) : String(value);
    case 'money':
      return typeof value === 'string' || typeof value === 'number' ? formatMoney(value, language) : String(value);
    case 'field':
      return (texts.fields as Record<string, string | undefined>)[String(value)] ?? String(value);
    case 'blockers': {
      if (!Array.isArray(value)) return undefined;
      const said = value.map((blocker: unknown) => {
        const { code, params } = (blocker ?? {}) as { code?: unknown; params?: TParams };
        const known = typeof code === 'string' ? deletionBlockerErrorCode(code) : undefined;
        return known && isErrorCode(known) ? renderErrorText(known, params ?? {}, language, texts) : undefined;
      });
      return said.every((text) => text !== undefined) ? said.join('; ') : undefined;
    }
    default:
      return String(value);
  }
}

/**
 * The entry of `code` with its parameters written in `language`, or undefined when a parameter the code declares is
 * missing (an older server, or a body written by hand): then the server's message is the better text.
 */
export function renderErrorText(code: TErrorCode, params: TParams, language: string, texts: TErrorTexts): string | undefined {
  const kinds = ERROR_CODES[code] as Readonly<Record<string, TErrorParamKind>>;
  const written = new Map<string, string>();
  for (const [name, kind] of Object.entries(kinds)) {
    const value = write(kind, params[name], language, texts);
    if (value === undefined) return undefined;
    written.set(name, value);
  }
  return texts.codes[code].replace(PLACEHOLDER, (_whole, name: string, choices: string | undefined) =>
    choices === undefined ? (written.get(name) ?? '') : choose(choices, params[name], language),
  );
}

/** The language and catalogue the screens are in: set by app/i18n.ts whenever an i18n instance is made. */
interface TLanguageSource {
  language: string;
  getResource: (language: string, namespace: string, key: string) => unknown;
}
let source: TLanguageSource | undefined;

export function setErrorLanguageSource(instance: TLanguageSource): void {
  source = instance;
}

function currentTexts(): { language: string; texts: TErrorTexts } {
  const language = source?.language ?? 'en';
  const found = source?.getResource(language, 'translation', 'serverErrors') as TErrorTexts | undefined;
  return found?.codes ? { language, texts: found } : { language: 'en', texts: errorsEn };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The code, parameters and validation issues of a failed call (an RTK Query error, an upload error, a body). */
function partsOf(error: unknown): { code?: unknown; params?: unknown; details?: unknown } {
  const value = record(error);
  const body = record(value?.data) ?? value;
  return { code: body?.code ?? value?.code, params: body?.params, details: body?.details };
}

/**
 * The catalogue's text for a failed call in the interface language, or undefined when the catalogue does not know
 * its code (the caller shows the server's message). A validation refusal is said as its first issue (the message
 * of REQUEST.VALIDATION is that issue's): by the code when it has one, else undefined; in English a field
 * rule's (FIELD.*) own sentence is the server's message, so undefined as well.
 */
export function serverErrorText(error: unknown): string | undefined {
  const { code, params, details } = partsOf(error);
  const { language, texts } = currentTexts();
  if (code === 'REQUEST.VALIDATION') {
    const first = Array.isArray(details) ? record(details[0]) : undefined;
    if (!first || !isErrorCode(first.code)) return undefined;
    // A field rule's own English sentence (the spec's text, 'Title is required') is the English screen's; other
    // languages say the rule by its code (FIELD.*), the field's name and its limit.
    if (language === 'en' && first.code.startsWith('FIELD.') && typeof first.message === 'string') return undefined;
    return renderErrorText(first.code, record(first.params) ?? {}, language, texts);
  }
  return isErrorCode(code) ? renderErrorText(code, record(params) ?? {}, language, texts) : undefined;
}

/** One reason an account cannot be deleted (the deletion check's `reasons[]`), in the interface language. */
export function deletionBlockerText(reason: { code: string; message: string; params?: TParams }): string {
  const code = deletionBlockerErrorCode(reason.code);
  if (!isErrorCode(code)) return reason.message;
  const { language, texts } = currentTexts();
  return renderErrorText(code, reason.params ?? {}, language, texts) ?? reason.message;
}
