import { describe, expect, it } from 'vitest';
import { formatAwardValue, newsPreview } from './content.api';

describe('content formats', () => {
  it('the admin preview is cut at 200 characters', () => {
    expect(newsPreview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(newsPreview('a'.repeat(201))).toBe(`${'a'.repeat(200)}…`);
  });
  it('award values: dollars with 2 decimals, rounded tasks, percent with 1 decimal', () => {
    expect(formatAwardValue('top_earner', '80', 'tasks')).toBe('$80.00');
    expect(formatAwardValue('top_completion', '5.00', 'tasks')).toBe('5 tasks');
    expect(formatAwardValue('top_rate', '85.71', 'tasks')).toBe('85.7%');
  });
});
