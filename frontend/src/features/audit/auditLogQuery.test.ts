import { describe, expect, it } from 'vitest';
import { buildAuditLogUrl, compactJson } from './auditLogQuery';

describe('buildAuditLogUrl', () => {
  it('when no filter is set, then only page and pageSize are sent', () => {
    expect(buildAuditLogUrl({ page: 1, pageSize: 20 })).toBe('/admin/audit-log?page=1&pageSize=20');
  });

  it('when filters are set, then each is sent trimmed and blank ones are left out', () => {
    const url = buildAuditLogUrl({
      actor: '44444444-4444-4444-8444-444444444444',
      targetType: 'user',
      targetId: '  ',
      action: 'balance.adjusted',
      from: '2025-03-01',
      to: ' 2025-03-31 ',
      page: 3,
      pageSize: 20,
    });
    const params = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      actor: '44444444-4444-4444-8444-444444444444',
      targetType: 'user',
      action: 'balance.adjusted',
      from: '2025-03-01',
      to: '2025-03-31',
      page: '3',
      pageSize: '20',
    });
  });
});

describe('compactJson', () => {
  it('writes an object as key: value pairs, nothing for null', () => {
    expect(compactJson({ balance: '100.00', amount: '80.00', reason: 'Bonus' })).toBe('balance: 100.00 · amount: 80.00 · reason: Bonus');
    expect(compactJson({ value: null })).toBe('value: null');
    expect(compactJson(null)).toBe('');
    expect(compactJson({ nested: { a: 1 } })).toBe('nested: {"a":1}');
  });
});
