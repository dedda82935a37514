import type { TWorkerTask } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedInState } from '../../test/test-utils';
import { TaskCard } from './TaskCard';
import { makeAssignment, makeWorkerTask } from './testTasks';

function renderCard(task: TWorkerTask, language: 'en' | 'ru' = 'en') {
  const handlers = { onView: vi.fn(), onTake: vi.fn(), onSubmit: vi.fn() };
  const utils = renderWithProviders(<TaskCard task={task} {...handlers} />, { preloadedState: signedInState(), language });
  const card = screen.getByTestId(`task-card-${task.id}`);
  const buttons = within(card)
    .getAllByRole('button')
    .map((button) => button.textContent);
  return { ...utils, ...handlers, card, buttons };
}

describe('TaskCard', () => {
  it.each([
    ['available', null, 'Available', ['View Details', 'Take Task']],
    ['assigned', 'assigned', 'Assigned', ['View Details', 'Submit', 'Hand back']],
    ['assigned', 'in_progress', 'In Progress', ['View Details', 'Submit', 'Hand back']],
    ['submitted', 'submitted', 'Submitted', ['View Details']],
    ['completed', 'completed', 'Completed', ['View Details']],
    ['assigned', 'rejected', 'Needs Revision', ['View Details', 'Revise & Resubmit', 'Hand back']],
    ['available', 'returned', 'Available', ['View Details', 'Take Task']],
    ['pending', 'pending', 'Pending approval', ['View Details']],
  ] as const)('when the task is %s and the worker status is %s, then it reads "%s" and offers %j', (status, userStatus, label, expected) => {
    const { card, buttons } = renderCard(makeWorkerTask({ status, userStatus }));
    expect(within(card).getByTestId('task-status')).toHaveTextContent(label);
    expect(buttons).toEqual(expected);
  });

  it('when the reward is "12.5", then it shows $12.50 USD and the due date', () => {
    const { card } = renderCard(makeWorkerTask({ reward: '12.5', dueDate: '2031-05-04' }));
    expect(within(card).getByTestId('task-reward')).toHaveTextContent('$12.50 USD');
    expect(within(card).getByText(/Due May 4, 2031/)).toBeInTheDocument();
  });

  it('when fewer than 10 submissions are approved, then the card shows the pay per hour from the estimate, "estimated by the platform"', () => {
    const { card } = renderCard(makeWorkerTask({ reward: '2.50', estimatedMinutes: 15, pay: { basis: 'estimate', minutes: 15, hourlyRate: '10.00', workers: 0 } }));
    expect(within(card).getByTestId('task-pay-rate')).toHaveTextContent('about 15 min, $10.00/h (estimated by the platform)');
  });

  it('when the median real time is known, then the card shows "about N min, $X/h (from M workers)"', () => {
    const { card } = renderCard(makeWorkerTask({ reward: '12.50', pay: { basis: 'median', minutes: 55, hourlyRate: '13.63', workers: 10 } }));
    expect(within(card).getByTestId('task-pay-rate')).toHaveTextContent('about 55 min, $13.63/h (from 10 workers)');
  });

  it('in Russian, the rate uses the Russian money format and the plural of workers', () => {
    const { card } = renderCard(makeWorkerTask({ pay: { basis: 'median', minutes: 55, hourlyRate: '1234.50', workers: 21 } }), 'ru');
    const text = within(card).getByTestId('task-pay-rate').textContent ?? '';
    expect(text).toMatch(/^около 55 мин, 1\s234,50\s\$\/ч \(по 21 исполнителю\)$/);
    const { card: estimated } = renderCard(makeWorkerTask({ id: 'task-2', pay: { basis: 'estimate', minutes: 30, hourlyRate: '8.00', workers: 0 } }), 'ru');
    expect(within(estimated).getByTestId('task-pay-rate')).toHaveTextContent(/около 30 мин, 8,00\s\$\/ч \(оценка платформы\)/);
  });

  it('"Revise & Resubmit" is the next step of the work, styled as the primary action, not as a danger', () => {
    const { card } = renderCard(makeWorkerTask({ status: 'assigned', userStatus: 'rejected', rejectionReason: 'Crop it' }));
    const button = within(card).getByRole('button', { name: 'Revise & Resubmit' });
    expect(button).toHaveClass('ant-btn-primary');
    expect(button).not.toHaveClass('ant-btn-dangerous');
  });

  it('when the submission was rejected, then the reason is shown prominently', () => {
    const { card } = renderCard(makeWorkerTask({ status: 'assigned', userStatus: 'rejected', rejectionReason: 'The screenshot is blurry' }));
    expect(within(card).getByTestId('rejection-reason')).toHaveTextContent('The screenshot is blurry');
  });

  it('when the assignment was cancelled and the task is open again, then it reads Cancelled with the reason and offers Take Task', () => {
    const { card, buttons } = renderCard(
      makeWorkerTask({ status: 'available', userStatus: 'cancelled', userAssignment: makeAssignment({ status: 'cancelled', cancellationReason: 'Duplicate account' }) }),
    );
    expect(within(card).getByTestId('task-status')).toHaveTextContent('Cancelled');
    expect(within(card).getByTestId('cancellation-reason')).toHaveTextContent('Duplicate account');
    expect(buttons).toEqual(['View Details', 'Take Task']);
  });

  it('when a button is pressed, then the matching handler gets the task', async () => {
    const task = makeWorkerTask({ status: 'assigned', userStatus: 'assigned' });
    const { user, onSubmit, onView, onTake } = renderCard(task);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'View Details' }));
    expect(onSubmit).toHaveBeenCalledWith(task);
    expect(onView).toHaveBeenCalledWith(task);
    expect(onTake).not.toHaveBeenCalled();
  });
});

describe('TaskCard: a submission waiting for review (issue 29)', () => {
  it('when the server says when it is approved automatically, then the card says that date', () => {
    const { card } = renderCard(makeWorkerTask({ status: 'submitted', userStatus: 'submitted', autoApproveAt: '2026-11-30T09:00:00.000Z' }));
    expect(within(card).getByTestId('submitted-hint')).toHaveTextContent('Your work is waiting for review. If no one reviews it, it is approved automatically on Nov 30, 2026.');
  });
});
