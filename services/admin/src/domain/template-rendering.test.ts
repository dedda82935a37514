import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from './default-templates.js';
import { extractVariables, findTemplateProblem, renderTemplate } from './template-rendering.js';

const template = {
  subject: 'Hello {{userName}}',
  htmlContent: '<p>Hello {{userName}}</p><a href="{{loginUrl}}">log in</a>',
  textContent: 'Hello {{userName}}, log in at {{loginUrl}}',
};

describe('renderTemplate', () => {
  it('when a variable holds HTML, then it is escaped in the HTML body and kept as typed in the text body', () => {
    const rendered = renderTemplate(template, { userName: '<script>alert("x")</script> & Co', loginUrl: 'https://app.test/login?a=1&b=2' });
    expect(rendered.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt; &amp; Co');
    expect(rendered.html).not.toContain('<script>');
    // Mustache's full escaping (also / = `) keeps even an unquoted attribute safe; a browser decodes it back.
    expect(rendered.html).toContain('href="https:&#x2F;&#x2F;app.test&#x2F;login?a&#x3D;1&amp;b&#x3D;2"');
    expect(rendered.text).toBe('Hello <script>alert("x")</script> & Co, log in at https://app.test/login?a=1&b=2');
    expect(rendered.subject).toBe('Hello <script>alert("x")</script> & Co');
  });

  it('when a variable holds line breaks, then the subject stays on one line', () => {
    expect(renderTemplate(template, { userName: 'Ada\r\nBcc: x@y.z', loginUrl: '' }).subject).toBe('Hello Ada Bcc: x@y.z');
  });

  it('when a variable is missing, then it renders as empty text', () => {
    expect(renderTemplate(template, {}).text).toBe('Hello , log in at ');
  });
});

describe('findTemplateProblem', () => {
  it('when a tag is not closed, then the problem names the field', () => {
    expect(findTemplateProblem({ ...template, htmlContent: '<p>{{userName</p>' })?.message).toMatch(/^HTML content is not a valid template: /);
    expect(findTemplateProblem({ subject: '{{#a}}x' })?.message).toMatch(/^Subject is not a valid template: /);
  });

  it('when every part parses, then there is no problem', () => {
    expect(findTemplateProblem(template)).toBeUndefined();
  });
});

describe('extractVariables', () => {
  it('when the template uses variables, then each is listed once in order of first use', () => {
    expect(extractVariables({ ...template, textContent: '{{#amount}}{{amount}} {{{status}}}{{/amount}}' })).toEqual(['userName', 'loginUrl', 'amount', 'status']);
  });
});

describe('DEFAULT_TEMPLATES', () => {
  it('when the defaults are read, then each language parses and uses exactly the placeholders the mail is given', () => {
    for (const t of DEFAULT_TEMPLATES) {
      for (const version of [t.en, t.ru]) {
        expect(findTemplateProblem(version)).toBeUndefined();
        expect([...extractVariables(version)].sort(), `${t.name}`).toEqual([...t.placeholders].sort());
        for (const required of t.required) {
          expect(version.htmlContent).toContain(`{{${required}}}`);
          expect(version.textContent).toContain(`{{${required}}}`);
        }
      }
    }
  });

  it('the Russian versions are Russian and the English ones English, each signed with the platform name', () => {
    for (const t of DEFAULT_TEMPLATES) {
      expect(t.ru.textContent).toMatch(/[А-Яа-яЁё]/);
      expect(t.en.textContent).not.toMatch(/[А-Яа-яЁё]/);
      expect(t.en.textContent).toContain('The {{platformName}} team');
      expect(t.ru.textContent).toContain('Команда {{platformName}}');
    }
  });
});
