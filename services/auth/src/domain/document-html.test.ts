import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from './document-html.js';

describe('sanitizeDocumentHtml', () => {
  it('when the HTML has headings, lists and links, then they are kept', () => {
    const html = '<h2>Terms</h2><ul><li><strong>One</strong></li></ul><a href="https://example.com">x</a>';
    expect(sanitizeDocumentHtml(html)).toBe('<h2>Terms</h2><ul><li><strong>One</strong></li></ul><a href="https://example.com" rel="noopener noreferrer">x</a>');
  });

  it('when the HTML has scripts, handlers or javascript links, then they are removed', () => {
    const html = '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">y</a><iframe src="https://x"></iframe>';
    const clean = sanitizeDocumentHtml(html);
    expect(clean).toBe('<p>Hi</p><a rel="noopener noreferrer">y</a>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe/i);
  });
});
