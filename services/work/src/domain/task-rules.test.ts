import { describe, expect, it } from 'vitest';
import { cleanOriginalName, filledSlots, inlineContentDisposition, isAllowedMediaType, isPastDue, parseAmountCents, parseAutoApprovalDays, taskStatusOfSlots, todayUtc, topUpCents } from './task-rules.js';

describe('task rules', () => {
  it('when the due date is today (UTC), then the task is not past due; yesterday is', () => {
    const now = new Date('2030-05-10T23:30:00Z');
    expect(todayUtc(now)).toBe('2030-05-10');
    expect(isPastDue('2030-05-10', now)).toBe(false);
    expect(isPastDue('2030-05-09', now)).toBe(true);
    expect(isPastDue(null, now)).toBe(false);
  });

  it('when a type is an image or a video, then it is allowed, except SVG and anything else', () => {
    expect(isAllowedMediaType('image/png')).toBe(true);
    expect(isAllowedMediaType('video/webm')).toBe(true);
    expect(isAllowedMediaType('image/svg+xml')).toBe(false);
    expect(isAllowedMediaType('text/html')).toBe(false);
    expect(isAllowedMediaType('application/pdf')).toBe(false);
  });

  it('when a file name carries folders, quotes or control characters, then only a clean base name is kept', () => {
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('C:\\x\\photo "1".png')).toBe('photo 1.png');
    expect(cleanOriginalName('\u0000\n')).toBe('file');
  });

  it('when a file name carries bidirectional controls, C1 controls or lone surrogates, then they are removed', () => {
    expect(cleanOriginalName('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
    expect(cleanOriginalName('\u202A\u202B\u202C\u202D\u202Ea\u2066\u2067\u2068\u2069b\u200E\u200F\u061C.png')).toBe('ab.png');
    expect(cleanOriginalName('a\u0085\u009f\u007fb\ud800.png')).toBe('ab.png');
    expect(cleanOriginalName('\u202E\u2066')).toBe('file');
    expect(cleanOriginalName('фото 😀.png')).toBe('фото 😀.png');
    // 199 letters and an emoji: the cut never leaves half of the pair.
    expect(cleanOriginalName(`${'a'.repeat(199)}😀😀.png`)).toBe(`${'a'.repeat(199)}😀`);
    expect(cleanOriginalName(undefined)).toBe('file');
    expect(inlineContentDisposition('фото.png')).toBe(`inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('фото.png')}`);
  });

  it('when the setting is not a usable number of days, then the default applies', () => {
    expect(parseAutoApprovalDays(undefined, 3)).toBe(3);
    expect(parseAutoApprovalDays('5', 3)).toBe(5);
    expect(parseAutoApprovalDays('0.5', 3)).toBe(0.5);
    expect(parseAutoApprovalDays('abc', 3)).toBe(3);
    expect(parseAutoApprovalDays('-1', 3)).toBe(3);
    expect(parseAutoApprovalDays('', 3)).toBe(3);
  });
});

describe('fair pay rules (issue 29)', () => {
  it('reads amounts in cents and refuses anything else', () => {
    expect([parseAmountCents('8'), parseAmountCents('8.5'), parseAmountCents(' 8.05 '), parseAmountCents('0.00')]).toEqual([800, 850, 805, 0]);
    for (const bad of [undefined, '', '-1', '1.234', '1e3', 'abc', '123456789']) expect(parseAmountCents(bad)).toBeNull();
  });

  it('tops up to the floor at the median time, rounded up to the cent, and never below zero', () => {
    // $2.00 for a median of 30 minutes is $4/h: at $8/h the 30 minutes are worth $4.00, so $2.00 more.
    expect(topUpCents(200, 1800, 800)).toBe(200);
    // 7 minutes at $8/h is 93.33 cents: owed 94, paid 50.
    expect(topUpCents(50, 420, 800)).toBe(44);
    expect(topUpCents(500, 1800, 800)).toBe(0);
    expect(topUpCents(400, 1800, 800)).toBe(0);
  });
  it("when a task's slots fill, then its status follows them: pending for a request, available with a free slot, then assigned, submitted, completed", () => {
    const none = { status: 'available' as const, slots: 3, requested: 0, working: 0, submitted: 0, completed: 0 };
    expect(taskStatusOfSlots(none)).toBe('available');
    expect(taskStatusOfSlots({ ...none, requested: 1 })).toBe('pending');
    expect(taskStatusOfSlots({ ...none, working: 1, submitted: 1 })).toBe('available');
    expect(taskStatusOfSlots({ ...none, working: 1, submitted: 1, completed: 1 })).toBe('assigned');
    expect(taskStatusOfSlots({ ...none, submitted: 2, completed: 1 })).toBe('submitted');
    expect(taskStatusOfSlots({ ...none, completed: 3 })).toBe('completed');
    // Fewer slots than filled (never through the API) is full; an admin's cancellation of the task stands.
    expect(taskStatusOfSlots({ ...none, slots: 1, completed: 2 })).toBe('completed');
    expect(taskStatusOfSlots({ ...none, status: 'cancelled' })).toBe('cancelled');
    // One slot: the life a task always had.
    const one = { ...none, slots: 1, status: 'assigned' as const };
    expect(taskStatusOfSlots({ ...one, working: 1 })).toBe('assigned');
    expect(taskStatusOfSlots({ ...one, submitted: 1 })).toBe('submitted');
    expect(taskStatusOfSlots(one)).toBe('available');
    expect(filledSlots({ working: 2, submitted: 3, completed: 4 })).toBe(9);
  });
});
