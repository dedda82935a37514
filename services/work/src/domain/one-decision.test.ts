import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30 item 6: every decision on a submission, in any door (a single approval or rejection, each item of a bulk
 * approval job, the review cockpit, an appeal, the auto-approval job), is the same use case, so each writes the same
 * event (payouts' one ledger entry, admin's audit row). This reads the service's source and fails when a second path
 * appears: only review.use-case.ts changes a submission's decision or writes its event, and the doors reach approvals
 * only through approveInTransaction (the admin doors through approveAsAdmin).
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ file: relative(SRC, path), text: readFileSync(path, 'utf8') }];
  });
}

const filesUsing = (pattern: RegExp) =>
  sources(SRC)
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file)
    .sort();

describe('one decision, every door', () => {
  it('only review.use-case.ts writes submission.approved and submission.rejected and calls the decisions\' conditional updates', () => {
    expect(filesUsing(/['"]submission\.(approved|rejected)['"]/)).toEqual(['domain/review.use-case.ts']);
    expect(filesUsing(/\bmark(Approved|Rejected)\(/)).toEqual(['data-access/assignments.repository.ts', 'domain/review.use-case.ts']);
  });

  it('approvals are reached only through approveInTransaction: the admin doors (single, bulk job) through approveAsAdmin, plus the appeal and the auto-approval job', () => {
    expect(filesUsing(/\bapproveInTransaction\(/)).toEqual(['domain/appeals.use-case.ts', 'domain/review.use-case.ts', 'domain/scheduled-work.use-case.ts']);
    expect(filesUsing(/\bapproveAsAdmin\(/)).toEqual(['domain/review-jobs.use-case.ts', 'domain/review.use-case.ts']);
  });
});
