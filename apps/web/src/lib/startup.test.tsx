import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';

afterEach(() => {
  vi.doUnmock('./cache');
  vi.doUnmock('./dictionaries');
  vi.resetModules();
  vi.restoreAllMocks();
});

async function startApp() {
  const { initialize } = await import('./startup');
  await initialize();
  renderWithProviders(<h1>Parity</h1>);
}

describe('initialize', () => {
  it('initializes the cache and the dictionary cache', async () => {
    const initCache = vi.fn(async () => {});
    const initDictionaryCache = vi.fn(async () => {});
    vi.doMock('./cache', () => ({ initCache }));
    vi.doMock('./dictionaries', () => ({ initDictionaryCache }));
    await startApp();
    expect(initCache).toHaveBeenCalledTimes(1);
    expect(initDictionaryCache).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Parity' })).toBeInTheDocument();
  });

  it('logs a failed initialization and the app still mounts', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.doMock('./cache', () => ({ initCache: () => Promise.reject(new Error('storage blocked')) }));
    vi.doMock('./dictionaries', () => ({
      initDictionaryCache: () => {
        throw new Error('dictionary cache broken');
      },
    }));
    await startApp();
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledWith('Start-up: the cache could not be initialized', expect.any(Error));
    expect(screen.getByRole('heading', { name: 'Parity' })).toBeInTheDocument();
  });

  it('survives real blocked storage', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await startApp();
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Parity' })).toBeInTheDocument();
  });
});
