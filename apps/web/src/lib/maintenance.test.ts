import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../components/alerts/alert-store';
import { json, stubFetch } from '../testing/fetch-stub';
import { createTestQueryClient } from '../testing/render';
import { ApiError } from './api-client';
import { loadMaintenanceStatus, maintenanceStatusQueryKey } from './maintenance';

afterEach(() => {
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the maintenance status', () => {
  it('is fetched from GET /api/settings/maintenance and stored as the maintenance status', async () => {
    const status = { maintenance: true, message: 'Back at 10:00 UTC' };
    const calls = stubFetch({ 'GET /api/settings/maintenance': () => json(status) });
    const queryClient = createTestQueryClient();
    await expect(loadMaintenanceStatus(queryClient)).resolves.toEqual(status);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/settings/maintenance']);
    expect(queryClient.getQueryData(maintenanceStatusQueryKey)).toEqual(status);
  });

  it('logs a failed fetch and re-throws it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/settings/maintenance': () =>
        json({ message: 'Settings unavailable', error: 'bad_request' }, 400),
    });
    const queryClient = createTestQueryClient();
    const failure = await loadMaintenanceStatus(queryClient).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Settings unavailable');
    expect(logged).toHaveBeenCalledWith('The maintenance status could not be loaded', failure);
    expect(queryClient.getQueryData(maintenanceStatusQueryKey)).toBeUndefined();
  });
});
