import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStack } from '../scripts/stack.js';
import { chatInstanceKilledMidLoad, payoutsKilledMidLoad, poisonEventReplayed, workKilledMidLoad, startReliabilityStack } from './lib/reliability.js';

/**
 * Issue 19 item 3 in CI: a service killed with SIGKILL mid-load and started again loses nothing and applies nothing
 * twice (payouts: ledger, outbox and the admin audit log; chat: stored messages and what every listener holds).
 * The longer runs are `npm run bench:reliability` (bench/results/reliability.txt).
 */
let stack: TStack;

beforeAll(async () => {
  stack = await startReliabilityStack(`rel_test_${Date.now().toString(36)}`);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a service killed mid-load', () => {
  it('when payouts is killed with SIGKILL while balances are adjusted, then every accepted adjustment is in the ledger, audited once, and every chain verifies', async () => {
    const result = await payoutsKilledMidLoad(stack, { workers: 4, seconds: 8, killAtMs: 2_000 });
    expect(result.accepted).toBeGreaterThan(10);
    expect(result).toMatchObject({ lost: 0, appliedTwice: 0 });
    expect(result.recoveryMs).toBeGreaterThan(0);
    expect(result.notes).toContain('every hash chain verifies');
  }, 240_000);

  it('when work is killed with SIGKILL while tasks are created, taken, submitted and approved, then every approval is completed, published, rewarded once and audited once', async () => {
    const result = await workKilledMidLoad(stack, { workers: 4, seconds: 8, killAtMs: 3_000 });
    expect(result.accepted).toBeGreaterThan(5);
    expect(result).toMatchObject({ lost: 0, appliedTwice: 0 });
    expect(result.recoveryMs).toBeGreaterThan(0);
    expect(result.notes).toContain('every hash chain verifies');
  }, 240_000);

  it('when a chat instance is killed with SIGKILL while people chat, then every accepted message is stored once and reaches every listener once', async () => {
    const result = await chatInstanceKilledMidLoad(stack, { senders: 3, listeners: 12, seconds: 8 });
    expect(result.accepted).toBeGreaterThan(10);
    expect(result).toMatchObject({ lost: 0, appliedTwice: 0 });
  }, 240_000);
});

describe('a poison event', () => {
  it("when payouts' reward handler fails for one event, then it is dead-lettered after its retries while the others flow, and once fixed the dead-letter CLI replays it and it is applied once", async () => {
    const result = await poisonEventReplayed(stack, { workers: 3, approvals: 12 });
    expect(result.accepted).toBeGreaterThanOrEqual(12);
    expect(result).toMatchObject({ lost: 0, appliedTwice: 0 });
    expect(result.notes[0]).toMatch(/^(\d+) of \1 other rewards applied while the poison was failing$/);
    expect(result.notes[1]).toMatch(/held 1 message\(s\): reason failed, 5 attempts, last error "[^"]*reliability poison/);
    expect(result.notes[2]).toMatch(/\{"replayed":1,"remaining":0\}; a second replay: \{"replayed":0,"remaining":0\}$/);
    expect(result.notes).toContain('every hash chain verifies');
  }, 240_000);
});
