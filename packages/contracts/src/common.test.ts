import { describe, expect, it } from 'vitest';
import { ZCreateTaskRequestSchema } from './work.js';
import { ZCreateWithdrawalRequestSchema, ZAdjustBalanceRequestSchema } from './payouts.js';
import { ZRegisterRequestSchema } from './auth.js';
import { findTextProblem, normaliseLineBreaks, ZTextSchema } from './common.js';

const title = ZTextSchema('Title', { error: 'Title is required' }).trim().min(1, 'Title is required').max(5, 'Title is too long');

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('ZTextSchema', () => {
  it('when text carries a C0 control (but tab and newline), DEL or a C1 control, then it is refused naming the field', () => {
    const refused = [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f];
    for (const code of refused) {
      expect(messageOf(title.safeParse(`a${String.fromCharCode(code)}b`)), code.toString(16)).toBe('Title must not contain control characters');
    }
    expect(title.parse('a\tb')).toBe('a\tb');
    expect(title.parse('a\nb')).toBe('a\nb');
    expect(title.parse('x\u00a0é')).toBe('x\u00a0é');
  });

  it('when text has CRLF or a lone CR, then it is kept with LF line breaks (counted after the change)', () => {
    expect(title.parse('a\r\nb\rc')).toBe('a\nb\nc');
    expect(normaliseLineBreaks('x\r\n\r\ny')).toBe('x\n\ny');
    // "ab\r\ncd" is 6 characters sent, 5 kept: within the limit of 5.
    expect(title.parse('ab\r\ncd')).toBe('ab\ncd');
  });

  it('when text has a lone surrogate, then it is refused; a well-formed pair is text', () => {
    expect(messageOf(title.safeParse('a\ud800'))).toBe('Title must be valid Unicode text');
    expect(messageOf(title.safeParse('\udc00a'))).toBe('Title must be valid Unicode text');
    expect(title.parse('😀')).toBe('😀');
    expect(findTextProblem('\ud83d\ude00', 'X')).toBeUndefined();
  });

  it('when text is missing, blank or too long, then the field keeps its own messages', () => {
    expect(messageOf(title.safeParse(undefined))).toBe('Title is required');
    expect(messageOf(title.safeParse('  '))).toBe('Title is required');
    expect(messageOf(title.safeParse('abcdef'))).toBe('Title is too long');
    // The control character is the answer even when the text is also too long.
    expect(messageOf(title.safeParse('\u0000abcdef'))).toBe('Title must not contain control characters');
  });

  it('when contracts parse a NUL in a field, then the message names that field', () => {
    const task = { title: 'T', description: 'D', reward: '1.00', submissionInstructions: 'S' };
    expect(messageOf(ZCreateTaskRequestSchema.safeParse({ ...task, title: 'a\u0000' }))).toBe('Title must not contain control characters');
    expect(messageOf(ZCreateTaskRequestSchema.safeParse({ ...task, submissionInstructions: 'a\u0000' }))).toBe('Submission instructions must not contain control characters');
    const person = { email: 'a@b.co', password: 'secret1', firstName: 'A', lastName: 'B' };
    expect(messageOf(ZRegisterRequestSchema.safeParse({ ...person, lastName: 'B\u0000' }))).toBe('Last name must not contain control characters');
    expect(messageOf(ZRegisterRequestSchema.safeParse({ ...person, email: 'a\u0000@b.co' }))).toBe('Email must not contain control characters');
    expect(messageOf(ZCreateWithdrawalRequestSchema.safeParse({ amount: '10', currency: 'USDT', walletAddress: 'T\u0000x' }))).toBe('Wallet address must not contain control characters');
    expect(messageOf(ZAdjustBalanceRequestSchema.safeParse({ balance: '10', reason: 'why\ud800' }))).toBe('Reason must be valid Unicode text');
    expect(ZAdjustBalanceRequestSchema.parse({ balance: '10', reason: 'a\r\nb' }).reason).toBe('a\nb');
  });
});
