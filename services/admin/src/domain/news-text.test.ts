import { describe, expect, it } from 'vitest';
import { toPlainNewsText } from './news-text.js';

describe('toPlainNewsText', () => {
  it('when the text has line breaks, then they stay (more than one blank line becomes one)', () => {
    expect(toPlainNewsText('Line one\nLine two\n\n\n\nLast  \n')).toBe('Line one\nLine two\n\nLast');
  });

  it('when the text carries markup, then tags, comments, scripts and styles are removed and the words stay', () => {
    expect(toPlainNewsText('<p>Hello <b>team</b></p><script>alert(1)</script><!-- x --><style>p{}</style><img src=x onerror=alert(1)>!')).toBe('Hello team\n!');
  });

  it('when blocks and line breaks are stripped, then their text stays on separate lines, never run together', () => {
    expect(toPlainNewsText('<h2>Safety</h2><p>Version two<br>of the rules</p><ul><li>One</li><li>Two</li></ul>')).toBe('Safety\nVersion two\nof the rules\nOne\nTwo');
  });

  it('when the text uses < and > as words, then they stay', () => {
    expect(toPlainNewsText('Rewards < 5 USD and > 1 USD; 3<4')).toBe('Rewards < 5 USD and > 1 USD; 3<4');
  });
});
