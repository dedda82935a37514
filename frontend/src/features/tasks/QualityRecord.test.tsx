import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { QualityRecord } from './QualityRecord';

describe('Profile > Your quality record (issue 29)', () => {
  it('when the server answers the record, then the counts, the approval rate as a percentage and the reasons with their criteria and appeal are shown', async () => {
    mockApi({
      'GET /api/tasks/quality': () =>
        jsonResponse({
          approved: 3,
          rejected: 1,
          underAppeal: 1,
          returned: 2,
          appealsWon: 1,
          approvalRate: 0.75,
          reasons: [
            { rejectionId: 'r-1', taskId: 't-1', taskTitle: 'Menu photo', reason: 'Blurry', criteria: [{ number: 2, text: 'The text is readable' }], rejectedAt: '2026-11-20T10:00:00.000Z', appealStatus: 'pending' },
          ],
        }),
    });
    renderWithProviders(<QualityRecord />, { route: '/profile', preloadedState: signedInState(makeUser()) });
    const panel = await screen.findByTestId('quality-record');
    expect(await within(panel).findByTestId('quality-rate')).toHaveTextContent('Approval rate: 75.0%');
    expect(within(panel).getByTestId('quality-approved')).toHaveTextContent('Approved3');
    expect(within(panel).getByTestId('quality-returned')).toHaveTextContent('Handed back2');
    expect(within(panel).getByTestId('quality-appealsWon')).toHaveTextContent('Appeals won1');
    const reasons = within(panel).getByTestId('quality-reasons');
    expect(reasons).toHaveTextContent('Menu photo');
    expect(reasons).toHaveTextContent('Under appeal');
    expect(reasons).toHaveTextContent('2. The text is readable');
  });

  it('when no decision was made yet, then the rate says so instead of an invented 0%', async () => {
    mockApi({ 'GET /api/tasks/quality': () => jsonResponse({ approved: 0, rejected: 0, underAppeal: 0, returned: 0, appealsWon: 0, approvalRate: null, reasons: [] }) });
    renderWithProviders(<QualityRecord />, { route: '/profile', preloadedState: signedInState(makeUser()) });
    expect(await screen.findByText('No decisions yet')).toBeInTheDocument();
    expect(screen.getByText('No rejections.')).toBeInTheDocument();
  });
});
