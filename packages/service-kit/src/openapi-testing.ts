import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TOpenApiDocument } from './openapi.js';

/**
 * Tests only: checks real answers against an OpenAPI 3.1 document's answer schemas (JSON Schema 2020-12, with ajv),
 * so a documented schema that disagrees with what a route sends fails a test.
 */
export interface TAnswerChecker {
  /** The documented path template a concrete path matches (`/api/tasks/123` -> `/api/tasks/{id}`), or undefined. */
  templateOf(method: string, path: string): string | undefined;
  /**
   * Problems of one answer: [] when it validates against the schema documented for its method, path and status (or
   * the status's class, `4XX`); a message when the route or a schema for the status is missing, or it disagrees.
   */
  check(method: string, path: string, status: number, body: unknown): string[];
}

export function createAnswerChecker(document: TOpenApiDocument): TAnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as { default: (a: Ajv2020) => void }).default(ajv);
  ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    statics: template.split('/').filter((s) => !s.startsWith('{')).length,
  }));
  const templateOf = (method: string, path: string) =>
    templates
      .filter(({ template, pattern }) => pattern.test(path) && document.paths[template]?.[method.toLowerCase()])
      .sort((a, b) => b.statics - a.statics)[0]?.template;
  return {
    templateOf,
    check(method, path, status, body) {
      const template = templateOf(method, path.split('?')[0]!);
      if (!template) return [`${method} ${path} is not in the document`];
      const responses = document.paths[template]![method.toLowerCase()]!.responses;
      const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
      if (!documented) return [`${method} ${template} answered ${status}, which the document does not list`];
      const schema = documented.content?.['application/json']?.schema;
      if (!schema) return [];
      const key = `${method} ${template} ${status}`;
      let validate = compiled.get(key);
      if (!validate) {
        validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object);
        compiled.set(key, validate);
      }
      return validate(body) ? [] : [`${key}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`];
    },
  };
}
