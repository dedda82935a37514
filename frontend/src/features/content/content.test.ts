import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, type TFormat } from '../../app/format';
import { formatAwardValue, newsPreview } from './content.api';

describe('content formats', () => {
  it('the admin preview is cut at 200 characters', () => {
    expect(newsPreview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(newsPreview('a'.repeat(201))).toBe(`${'a'.repeat(200)}…`);
  });
  it('award values in the locale: dollars with 2 decimals, rounded tasks in the plural form, percent with 1 decimal', () => {
    const words = (language: string) => ({
      format: { money: (a: string | number) => formatMoney(a, language), percent: (r: number) => formatPercent(r, language) } as TFormat,
      tasks: (count: number) => `${count} ${language === 'ru' ? 'заданий' : count === 1 ? 'task' : 'tasks'}`,
    });
    expect(formatAwardValue('top_earner', '80', words('en'))).toBe('$80.00');
    expect(formatAwardValue('top_completion', '5.00', words('en'))).toBe('5 tasks');
    expect(formatAwardValue('top_completion', '1.00', words('en'))).toBe('1 task');
    expect(formatAwardValue('top_rate', '85.71', words('en'))).toBe('85.7%');
    expect(formatAwardValue('top_earner', '1234.5', words('ru'))).toBe('1\u00a0234,50\u00a0$');
    expect(formatAwardValue('top_rate', '85.71', words('ru'))).toBe('85,7\u00a0%');
  });
});
