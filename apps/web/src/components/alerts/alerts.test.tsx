import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { alertStore, showAlert } from './alert-store';
import { Alerts } from './alerts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => alertStore.clear());
  vi.useRealTimers();
});

describe('<Alerts />', () => {
  it('renders alerts in a polite live region, errors as role=alert', () => {
    renderWithProviders(<Alerts />);
    act(() => {
      alertStore.add({ type: 'error', title: 'Error', description: 'Not all steps are completed' });
      showAlert('success', 'Success!', 'Policy was created');
    });
    expect(screen.getByRole('region', { name: 'Alerts' })).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('alert')).toHaveTextContent('Not all steps are completed');
    expect(screen.getByRole('status')).toHaveTextContent('Policy was created');
  });

  it('closes an alert with its close button', () => {
    renderWithProviders(<Alerts />);
    act(() => {
      alertStore.add({ type: 'info', title: 'Hello', timeout: 0 });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('pauses the timer while hovered', () => {
    renderWithProviders(<Alerts />);
    act(() => {
      showAlert('info', 'Hover me');
    });
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });
});
