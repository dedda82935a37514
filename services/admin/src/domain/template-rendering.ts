import Mustache from 'mustache';

/** Pure rules of the e-mail templates: Mustache syntax (`{{userName}}`), checked on save, rendered on send. */

export type TTemplateVariables = Record<string, string>;

export interface TTemplateParts {
  subject: string;
  htmlContent: string;
  textContent: string;
}

export interface TRenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The parts of a template as the API names them: the English ones and the Russian ones (issue 28). */
export type TTemplateField = keyof TTemplateParts | 'subjectRu' | 'htmlContentRu' | 'textContentRu';
export type TTemplateProblem = { field: TTemplateField; message: string };

export const TEMPLATE_FIELD_LABELS: Record<TTemplateField, string> = {
  subject: 'Subject',
  htmlContent: 'HTML content',
  textContent: 'Text content',
  subjectRu: 'Russian subject',
  htmlContentRu: 'Russian HTML content',
  textContentRu: 'Russian text content',
};

/** Mustache's own parse error, made readable: "HTML content is not a valid template: Unclosed tag at 12". */
export function findTemplateProblem(parts: Partial<Record<TTemplateField, string | null>>): TTemplateProblem | undefined {
  for (const field of Object.keys(TEMPLATE_FIELD_LABELS) as TTemplateField[]) {
    const source = parts[field];
    if (source === undefined || source === null) continue;
    try {
      Mustache.parse(source);
    } catch (error) {
      return { field, message: `${TEMPLATE_FIELD_LABELS[field]} is not a valid template: ${(error as Error).message}` };
    }
  }
  return undefined;
}

type TToken = [string, string, number, number, TToken[]?, ...unknown[]];

/** The variable names a template uses (`{{a}}`, `{{{b}}}`, `{{& c}}`, sections), in order of first use. */
export function extractVariables(parts: Partial<Record<TTemplateField, string | null>>): string[] {
  const names = new Set<string>();
  const visit = (tokens: TToken[]) => {
    for (const token of tokens) {
      const [kind, value] = token;
      if (kind === 'name' || kind === '&' || kind === '#' || kind === '^') {
        if (value !== '.') names.add(value.split('.')[0] ?? value);
      }
      const children = token[4];
      if (Array.isArray(children)) visit(children);
    }
  };
  for (const source of [parts.subject, parts.htmlContent, parts.textContent, parts.subjectRu, parts.htmlContentRu, parts.textContentRu]) {
    if (source !== undefined && source !== null) visit(Mustache.parse(source) as unknown as TToken[]);
  }
  return [...names];
}

const keepAsIs = (value: unknown) => String(value);

/**
 * Renders the three parts: variables are HTML-escaped in the HTML body, left as they are in the text body, and
 * in the subject line breaks are removed (a header is one line).
 */
export function renderTemplate(template: TTemplateParts, variables: TTemplateVariables): TRenderedEmail {
  const subject = Mustache.render(template.subject, variables, {}, { escape: keepAsIs });
  return {
    subject: subject.replace(/[\r\n]+/g, ' ').trim(),
    html: Mustache.render(template.htmlContent, variables),
    text: Mustache.render(template.textContent, variables, {}, { escape: keepAsIs }),
  };
}
