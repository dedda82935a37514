import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearch, SEARCH_DEBOUNCE_MS } from './ListSearch';

afterEach(() => vi.useRealTimers());

describe('ListSearch', () => {
  it('when the page renders again with a new callback, then nothing is sent; typed text is sent once after the pause, trimmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = vi.fn();
    const { rerender } = render(<ListSearch label="Search" onSearch={first} />);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 3));
    // Not on mount: a list the admin is paging is not sent back to its first page.
    expect(first).not.toHaveBeenCalled();
    const second = vi.fn();
    rerender(<ListSearch label="Search" onSearch={second} />);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 3));
    expect(second).not.toHaveBeenCalled();

    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), ' ada ');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 3));
    expect(second.mock.calls).toEqual([['ada']]);
    // Enter with the same text, or a new callback, sends nothing more.
    await user.keyboard('{Enter}');
    rerender(<ListSearch label="Search" onSearch={second} />);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 3));
    expect(second).toHaveBeenCalledTimes(1);
  });
});
