import { describe, expect, it } from 'vitest';
import { MAX_REJECTION_REASON_LENGTH } from './constants.js';
import { clipText, renderReviewTemplate, templateVariablesOf, unknownTemplateVariables } from './review-templates.js';

describe('renderReviewTemplate (issue 30: reason templates with hostile variables)', () => {
  it('when a template has the three variables, then each is replaced by its value, spaces inside the braces allowed', () => {
    expect(renderReviewTemplate('Hi {{firstName}}, "{{ criterion }}" was not met in {{taskTitle}}.', { firstName: 'Ada', criterion: 'The sign is readable', taskTitle: 'Shop sign' })).toBe(
      'Hi Ada, "The sign is readable" was not met in Shop sign.',
    );
  });

  it('when a first name is markup, then it is inserted as the same characters (text, never HTML or escaped twice)', () => {
    const text = renderReviewTemplate('Hi {{firstName}}', { firstName: '<script>alert(1)</script><img src=x onerror=alert(2)>' });
    expect(text).toBe('Hi <script>alert(1)</script><img src=x onerror=alert(2)>');
  });

  it('when a first name contains {{criterion}} or {{taskTitle}}, then it stays as written: values are never expanded again', () => {
    const text = renderReviewTemplate('Hi {{firstName}}: {{criterion}}', { firstName: '{{criterion}}{{taskTitle}}', criterion: 'Daylight', taskTitle: 'Secret' });
    expect(text).toBe('Hi {{criterion}}{{taskTitle}}: Daylight');
  });

  it('when a value contains $& or $1 (replacement patterns), then they are kept literally', () => {
    expect(renderReviewTemplate('Hi {{firstName}}', { firstName: "$& $1 $$ $` $'" })).toBe("Hi $& $1 $$ $` $'");
  });

  it('when a value is very long or has control characters or line breaks, then it is one line cut to its cap with an ellipsis', () => {
    const text = renderReviewTemplate('Hi {{firstName}}!', { firstName: `A\u0000B\nC\u2028${'x'.repeat(10_000)}` });
    expect(text.startsWith('Hi A B C x')).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u001f\u2028]/);
    expect(Array.from(text)).toHaveLength('Hi !'.length + 100);
    expect(text.endsWith('…!')).toBe(true);
  });

  it('when many long values would make the reason too long, then the whole is cut to the reason maximum (never half a surrogate pair)', () => {
    const body = '{{criterion}} '.repeat(70);
    const text = renderReviewTemplate(body, { criterion: '😀'.repeat(300) });
    expect(Array.from(text)).toHaveLength(MAX_REJECTION_REASON_LENGTH);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('when a value is missing, then the variable becomes empty; an unknown variable stays as written', () => {
    expect(renderReviewTemplate('Hi {{firstName}}. {{lastName}}', {})).toBe('Hi . {{lastName}}');
  });
});

describe('unknownTemplateVariables and templateVariablesOf', () => {
  it('when a text has only known variables, then nothing is unknown and the used ones are listed once', () => {
    expect(unknownTemplateVariables('Hi {{firstName}} {{firstName}} {{ taskTitle }}')).toEqual([]);
    expect(templateVariablesOf('Hi {{firstName}} {{firstName}} {{ taskTitle }}')).toEqual(['firstName', 'taskTitle']);
  });

  it('when a text names unknown variables, empty braces or stray braces, then each is named once, at most 5, each cut to 40 characters', () => {
    expect(unknownTemplateVariables('{{a}} {{b}} {{a}} {{}} {{c')).toEqual(['a', 'b', '{{}}', '{{']);
    expect(unknownTemplateVariables('x }} y')).toEqual(['}}']);
    expect(unknownTemplateVariables('{{1}}{{2}}{{3}}{{4}}{{5}}{{6}}')).toHaveLength(5);
    expect(unknownTemplateVariables(`{{${'y'.repeat(100)}}}`)[0]).toHaveLength(40);
  });

  it('clipText keeps a short text and cuts a long one to the maximum with an ellipsis', () => {
    expect(clipText('abc', 3)).toBe('abc');
    expect(clipText('abcd', 3)).toBe('ab…');
  });
});
