import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { DialogHost } from './dialog-host';
import { closeAllDialogs, closeDialog, getDialogs, openDialog } from './dialog-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => closeAllDialogs());
  vi.useRealTimers();
});

function settle() {
  act(() => vi.advanceTimersByTime(400));
}

function open(title: string, persistent = false) {
  let id = '';
  act(() => {
    id = openDialog({ title, size: 'small', persistent, content: <p>{title} body</p> });
  });
  settle();
  return id;
}

function pressEscape() {
  const dialogs = screen.getAllByRole('dialog');
  const top = dialogs[dialogs.length - 1] as HTMLElement;
  fireEvent.keyDown(top, { key: 'Escape' });
}

function states() {
  return getDialogs().map((dialog) => `${String(dialog.title)}:${dialog.state}`);
}

describe('dialog store', () => {
  it('closes the top dialog by default and removes it after 300 ms', () => {
    const first = openDialog({ title: 'First', size: 'small', content: null });
    openDialog({ title: 'Second', size: 'large', content: null });
    closeDialog();
    expect(states()).toEqual(['First:open', 'Second:closing']);
    vi.advanceTimersByTime(299);
    expect(getDialogs()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(states()).toEqual(['First:open']);
    closeDialog(first);
    vi.advanceTimersByTime(300);
    expect(getDialogs()).toHaveLength(0);
  });

  it('calls onClose once when a dialog starts closing', () => {
    const onClose = vi.fn();
    const id = openDialog({ title: 'X', size: 'medium', content: null, onClose });
    closeDialog(id);
    closeDialog(id);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('<DialogHost />', () => {
  it('renders an accessible modal dialog with its title and content', () => {
    renderWithProviders(<DialogHost />);
    open('Share your feedback');
    const dialog = screen.getByRole('dialog', { name: 'Share your feedback' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Share your feedback body');
  });

  it('closes only the top dialog on Escape', () => {
    renderWithProviders(<DialogHost />);
    open('Bottom');
    open('Top');
    pressEscape();
    expect(states()).toEqual(['Bottom:open', 'Top:closing']);
    act(() => vi.advanceTimersByTime(300));
    expect(states()).toEqual(['Bottom:open']);
    settle();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    pressEscape();
    expect(states()).toEqual(['Bottom:closing']);
    settle();
    expect(getDialogs()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores Escape and backdrop clicks on a persistent dialog but closes through its close button', () => {
    renderWithProviders(<DialogHost />);
    open('Bottom');
    open('Persistent', true);
    pressEscape();
    const overlays = document.querySelectorAll('.mantine-Modal-overlay');
    fireEvent.click(overlays[overlays.length - 1] as Element);
    settle();
    expect(states()).toEqual(['Bottom:open', 'Persistent:open']);
    const closeButtons = screen.getAllByRole('button', { name: 'Close dialog' });
    fireEvent.click(closeButtons[closeButtons.length - 1] as Element);
    expect(states()).toEqual(['Bottom:open', 'Persistent:closing']);
  });

  it('closes only the top dialog on a backdrop click', () => {
    renderWithProviders(<DialogHost />);
    open('Bottom');
    open('Top');
    const overlays = document.querySelectorAll('.mantine-Modal-overlay');
    expect(overlays).toHaveLength(2);
    // The lower backdrop does nothing while another dialog is above it.
    fireEvent.click(overlays[0] as Element);
    expect(states()).toEqual(['Bottom:open', 'Top:open']);
    fireEvent.click(overlays[1] as Element);
    expect(states()).toEqual(['Bottom:open', 'Top:closing']);
  });

  it('gives render-function content a close callback', () => {
    renderWithProviders(<DialogHost />);
    act(() => {
      openDialog({
        title: 'With close',
        size: 'x-large',
        persistent: true,
        content: (close) => (
          <button type="button" onClick={close}>
            Cancel
          </button>
        ),
      });
    });
    settle();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(states()).toEqual(['With close:closing']);
    settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
