import { ASSISTANT_MESSAGES } from '@platform/contracts/assistants';
import type { TFunction } from 'i18next';

type TMessageKey = keyof typeof ASSISTANT_MESSAGES;
const KEY_OF = new Map<string, TMessageKey>(Object.entries(ASSISTANT_MESSAGES).map(([key, message]) => [message, key as TMessageKey]));

/** A validation message of spec 03 s.5 (from the shared schema, or from the server) in the screen's language. */
export function translateAssistantMessage(t: TFunction, message: string): string {
  const key = KEY_OF.get(message);
  return key ? t(`assistants.messages.${key}`) : message;
}

/** The schema's issues as antd form errors: one message per field, the first the schema gives. */
export function formErrorsOf<N extends string>(t: TFunction, error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): { name: N; errors: string[] }[] {
  const byField = new Map<string, string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !byField.has(name)) byField.set(name, translateAssistantMessage(t, issue.message));
  }
  return [...byField].map(([name, message]) => ({ name: name as N, errors: [message] }));
}
