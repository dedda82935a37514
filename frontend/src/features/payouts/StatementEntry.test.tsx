import type { TLedgerEntry } from '@platform/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/test-utils';
import { StatementEntry } from './StatementEntry';

const givenUp: TLedgerEntry = {
  id: '00000000-0000-4000-8000-000000000009',
  seq: 3,
  kind: 'balance_given_up',
  amount: '-7.50',
  availableAfter: '0.00',
  heldAfter: '0.00',
  referenceType: 'give_up',
  referenceId: '00000000-0000-4000-8000-000000000009',
  reason: null,
  createdBy: null,
  createdAt: '2026-11-28T06:00:00.000Z',
  prevHash: '0'.repeat(64),
  hash: 'f'.repeat(64),
  description: null,
};

describe('a given-up balance on the Statement (issue 28 item 4)', () => {
  it('when the worker gave up $7.50 closing the account, then the entry names it, with the amount taken and what it means', () => {
    renderWithProviders(<StatementEntry entry={givenUp} />);
    expect(screen.getByText('Balance given up')).toBeInTheDocument();
    expect(screen.getByText('-$7.50')).toBeInTheDocument();
    expect(screen.getByText('You gave up this available balance when closing your account')).toBeInTheDocument();
  });

  it('when the interface is Russian, then the entry is in Russian', () => {
    renderWithProviders(<StatementEntry entry={givenUp} />, { language: 'ru' });
    expect(screen.getByText('Отказ от баланса')).toBeInTheDocument();
    expect(screen.getByText('Вы отказались от этого доступного баланса при закрытии аккаунта')).toBeInTheDocument();
  });
});
