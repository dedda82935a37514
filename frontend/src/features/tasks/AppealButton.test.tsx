import type { TWorkerTask } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { TaskCard } from './TaskCard';
import { makeWorkerTask } from './testTasks';

const REJECTED = makeWorkerTask({
  id: 't-9',
  status: 'assigned',
  userStatus: 'rejected',
  rejectionReason: 'The sign is cut off',
  rejectedAt: '2026-11-27T10:00:00.000Z',
  acceptanceCriteria: ['The whole storefront is in the photo', 'The sign is readable'],
  rejectedCriteria: [2],
  appealableUntil: '2026-12-04T10:00:00.000Z',
});

function renderCard(task: TWorkerTask, routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi(routes);
  const utils = renderWithProviders(<TaskCard task={task} onView={vi.fn()} onTake={vi.fn()} onSubmit={vi.fn()} />, { preloadedState: signedInState() });
  return { ...utils, fetchMock, card: screen.getByTestId(`task-card-${task.id}`) };
}

describe('appealing a rejection (issue 29), on the worker\'s card at 390 px', () => {
  it('when a rejection may be appealed, then the card names the criteria not met and offers Appeal; the statement is required, then sent', async () => {
    const { card, user, fetchMock } = renderCard(REJECTED, {
      'POST /api/tasks/t-9/appeal': () => jsonResponse({ message: 'Appeal sent', appeal: { id: 'a-1', status: 'pending', statement: 'It is readable', appealedAt: '2026-11-27T11:00:00.000Z', decidedAt: null, decisionReason: null } }, 201),
    });
    expect(within(card).getByTestId('rejected-criteria')).toHaveTextContent('The sign is readable');
    await user.click(within(card).getByTestId('appeal-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this rejection' });
    expect(within(dialog).getByText(/You can appeal until Dec 4, 2026/)).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Send appeal' });
    // A blank statement is not sent: the button waits for one.
    expect(send).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/tasks/t-9/appeal')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Your statement'), '  It is readable  ');
    await user.click(send);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/tasks/t-9/appeal')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST /api/tasks/t-9/appeal');
    expect(JSON.parse(String(call?.body))).toEqual({ statement: 'It is readable' });
    expect(await screen.findByText('Appeal sent')).toBeInTheDocument();
  });

  it('when the server refuses (the window closed), then its message is shown in the reader\'s language', async () => {
    const { card, user } = renderCard(REJECTED, {
      'POST /api/tasks/t-9/appeal': () => jsonResponse({ message: 'x', code: 'WORK.APPEAL_WINDOW_CLOSED', params: { days: 7 } }, 409),
    });
    await user.click(within(card).getByTestId('appeal-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this rejection' });
    await user.type(within(dialog).getByLabelText('Your statement'), 'Please look again');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('A rejection can be appealed within 7 days; this one is older')).toBeInTheDocument();
  });

  it('when the appeal waits for a second admin, then the card says "Under appeal" and offers neither Appeal, Resubmit nor Hand back', () => {
    const { card } = renderCard({ ...REJECTED, appealableUntil: null, appeal: { id: 'a-1', status: 'pending', statement: 'x', appealedAt: '2026-11-27T11:00:00.000Z', decidedAt: null, decisionReason: null } });
    expect(within(card).getByTestId('under-appeal')).toHaveTextContent('Under appeal.');
    const buttons = within(card).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['View Details']);
  });

  it('when the appeal was upheld, then the second admin\'s reason is shown and the work may be revised again; past the window no Appeal', () => {
    const { card } = renderCard({
      ...REJECTED,
      appealableUntil: null,
      appeal: { id: 'a-1', status: 'upheld', statement: 'x', appealedAt: '2026-11-27T11:00:00.000Z', decidedAt: '2026-11-28T09:00:00.000Z', decisionReason: 'Still cut off on the left' },
    });
    expect(within(card).getByTestId('appeal-upheld')).toHaveTextContent('Still cut off on the left');
    expect(within(card).queryByTestId('appeal-button')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Revise & Resubmit' })).toBeInTheDocument();
  });
});
