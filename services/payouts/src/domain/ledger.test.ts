import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalEntry, hashEntry, verifyChain, type TStoredEntry } from './ledger.js';

const USER = '6f1b1f52-8d53-4c8e-9a53-3c1a3d9e1a01';

function chain(): TStoredEntry[] {
  const rows: Omit<TStoredEntry, 'hash' | 'prevHash' | 'seq'>[] = [
    { id: '00000000-0000-4000-8000-000000000001', userId: USER, kind: 'task_reward', amount: '100.00', availableAfter: '100.00', heldAfter: '0.00', referenceType: 'assignment', referenceId: 'a1', reason: null, createdBy: null, createdAt: '2025-01-01T00:00:00.000Z' },
    { id: '00000000-0000-4000-8000-000000000002', userId: USER, kind: 'withdrawal_hold', amount: '-60.00', availableAfter: '40.00', heldAfter: '60.00', referenceType: 'withdrawal', referenceId: 'w1', reason: null, createdBy: USER, createdAt: '2025-01-02T00:00:00.000Z' },
    { id: '00000000-0000-4000-8000-000000000003', userId: USER, kind: 'withdrawal_payout', amount: '-60.00', availableAfter: '40.00', heldAfter: '0.00', referenceType: 'withdrawal', referenceId: 'w1', reason: null, createdBy: null, createdAt: '2025-01-03T00:00:00.000Z' },
    { id: '00000000-0000-4000-8000-000000000004', userId: USER, kind: 'admin_adjustment', amount: '-0.01', availableAfter: '39.99', heldAfter: '0.00', referenceType: null, referenceId: null, reason: 'Fee, "corrected" | with, commas', createdBy: null, createdAt: '2025-01-04T00:00:00.000Z' },
  ];
  const out: TStoredEntry[] = [];
  let prevHash = GENESIS_HASH;
  rows.forEach((row, i) => {
    const entry = { ...row, seq: i + 1, prevHash };
    const hash = hashEntry(entry);
    out.push({ ...entry, hash });
    prevHash = hash;
  });
  return out;
}

describe('ledger hash chain', () => {
  it('when the canonical text is built, then it is the documented JSON array', () => {
    const [first] = chain();
    expect(canonicalEntry(first!)).toBe(
      `["ledger-entry-v1","${GENESIS_HASH}","00000000-0000-4000-8000-000000000001","${USER}",1,"task_reward","100.00","100.00","0.00","assignment","a1",null,null,"2025-01-01T00:00:00.000Z"]`,
    );
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when nothing was changed, then the chain verifies against the account', () => {
    const entries = chain();
    expect(verifyChain(entries, { available: '39.99', held: '0.00', lastEntryHash: entries[3]!.hash, entryCount: 4 })).toEqual({ valid: true, entries: 4 });
  });

  it('when an amount, a reason or an order is changed, then the first broken entry is named', () => {
    const amount = chain();
    amount[0] = { ...amount[0]!, amount: '1000.00' };
    expect(verifyChain(amount, undefined)).toMatchObject({ valid: false, brokenAt: 1, problem: 'hash does not match the entry' });

    const reason = chain();
    reason[3] = { ...reason[3]!, reason: 'something else' };
    expect(verifyChain(reason, undefined)).toMatchObject({ valid: false, brokenAt: 4 });

    const removed = chain();
    removed.splice(1, 1);
    expect(verifyChain(removed, undefined)).toMatchObject({ valid: false, brokenAt: 3 });
  });

  it('when an entry is re-hashed after a change, then the next entry no longer links to it', () => {
    const entries = chain();
    const changed = { ...entries[1]!, amount: '-10.00', availableAfter: '90.00', heldAfter: '10.00' };
    entries[1] = { ...changed, hash: hashEntry(changed) };
    expect(verifyChain(entries, undefined)).toMatchObject({ valid: false, brokenAt: 3, problem: 'prev_hash does not match the hash of the previous entry' });
  });

  it('when the account balance differs from the entries, then the chain is reported broken', () => {
    const entries = chain();
    expect(verifyChain(entries, { available: '50.00', held: '0.00', lastEntryHash: entries[3]!.hash, entryCount: 4 })).toMatchObject({ valid: false, problem: 'the account balances differ from the entries' });
  });
});
