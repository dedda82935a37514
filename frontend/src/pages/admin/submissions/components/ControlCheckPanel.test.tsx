import type { TAdminSubmission, TAdminWorkerQuality } from '@platform/contracts';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { WorkerQualitySection } from '../../users/components/WorkerQualitySection';
import { ControlCheckPanel } from './ControlCheckPanel';

/** Issue 30 item 5: the control check and the worker's control accuracy, as an admin sees them. */
const admin = signedInState(makeUser({ role: 'admin' }), 'admin-token');

const SUBMISSION: TAdminSubmission = {
  id: 'as-1',
  taskId: 'task-1',
  taskTitle: 'Read the sign',
  taskDescription: 'Type what it says',
  taskReward: '3.00',
  userId: 'u-1',
  userFirstName: 'Ada',
  userLastName: 'Worker',
  userEmail: 'ada@example.test',
  status: 'submitted',
  submission: 'The red door',
  submittedAt: '2026-11-01T10:00:00.000Z',
  rejectionReason: null,
  rejectedAt: null,
  completedAt: null,
  autoApproved: false,
  taskSubmissionInstructions: 'Type what the sign says',
  taskAcceptanceCriteria: [],
  rejectedCriteria: [],
  files: [],
  claim: null,
  controlCheck: { matched: false, match: 'normalised', expectedAnswer: 'The blue door', checkedAt: '2026-11-01T10:00:00.000Z', counted: true },
};

const QUALITY: TAdminWorkerQuality = {
  userId: 'u-1',
  approved: 4,
  rejected: 1,
  underAppeal: 0,
  returned: 2,
  appealsWon: 1,
  approvalRate: 0.8,
  reasons: [],
  control: { checked: 3, matched: 2, accuracy: 2 / 3 },
};

function render(ui: ReactElement, quality: TAdminWorkerQuality = QUALITY) {
  mockApi({ 'GET /api/admin/workers/u-1/quality': () => jsonResponse(quality) });
  return renderWithProviders(ui, { route: '/admin/submissions', preloadedState: admin });
}

describe('ControlCheckPanel', () => {
  it('when the answer did not match, then the reviewer sees it, the expected answer with the match, that the check decides nothing, and the worker\'s accuracy', async () => {
    render(<ControlCheckPanel submission={SUBMISSION} />);
    expect(screen.getByTestId('control-check')).toHaveTextContent('Control task: the answer does not match the expected answer');
    expect(screen.getByTestId('control-check-expected')).toHaveTextContent('Expected answer (normalised match): “The blue door”');
    expect(screen.getByTestId('control-check')).toHaveTextContent('The check does not decide');
    expect(await screen.findByText('2 of 3 matched (66.7%)')).toBeInTheDocument();
  });

  it('when the answer matched on a resubmission, then it says so and that only the first answer counts', () => {
    render(<ControlCheckPanel submission={{ ...SUBMISSION, controlCheck: { ...SUBMISSION.controlCheck!, matched: true, match: 'exact', counted: false } }} />);
    expect(screen.getByTestId('control-check')).toHaveTextContent('Control task: the answer matches the expected answer');
    expect(screen.getByTestId('control-check')).toHaveTextContent('only the first answer counts');
    expect(screen.getByTestId('control-check-expected')).toHaveTextContent('(exact match)');
  });

  it('when the task is not a control task, then only the worker\'s accuracy is shown (none yet)', async () => {
    render(<ControlCheckPanel submission={{ ...SUBMISSION, controlCheck: null }} />, { ...QUALITY, control: { checked: 0, matched: 0, accuracy: null } });
    expect(screen.queryByTestId('control-check')).not.toBeInTheDocument();
    expect(await screen.findByText('No control tasks answered yet')).toBeInTheDocument();
  });
});

describe('WorkerQualitySection (user detail)', () => {
  it('shows the worker\'s control accuracy beside the record they see themselves', async () => {
    render(<WorkerQualitySection userId="u-1" />);
    expect(await screen.findByTestId('worker-quality-control')).toHaveTextContent('2 of 3 matched (66.7%)');
    expect(screen.getByTestId('worker-quality-rate')).toHaveTextContent('80.0%');
    expect(screen.getByTestId('worker-quality')).toHaveTextContent('Work quality');
  });
});
