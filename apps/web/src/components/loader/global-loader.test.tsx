import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLoading, startLoading, stopLoading } from '../../lib/loading';
import { renderWithProviders } from '../../testing/render';
import { GlobalLoader } from './global-loader';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => resetLoading());
  vi.useRealTimers();
});

describe('<GlobalLoader />', () => {
  it('shows Loading... in a status region only after 200 ms of activity', () => {
    renderWithProviders(<GlobalLoader />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => startLoading());
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(region).toHaveTextContent('Loading...');
    expect(region).toHaveAttribute('aria-busy', 'true');
    act(() => vi.advanceTimersByTime(10_000));
    expect(region).toHaveAttribute('data-slow', 'true');
    act(() => stopLoading());
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
