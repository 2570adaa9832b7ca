import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../components/alerts/alert-store';
import { json, stubFetch } from '../testing/fetch-stub';
import { getAccessToken, setTokens } from './token-storage';
import { uploadWithProgress } from './upload-with-progress';

interface Sent {
  url: string;
  headers: Record<string, string>;
}

/** An XMLHttpRequest double answering each send with the next of `answers` (status, body). */
function fakeXhr(answers: [number, unknown][]) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request: Sent = { url: '', headers: {} };
    open(_method: string, url: string) {
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send() {
      sent.push(this.request);
      const [status, body] = answers[sent.length - 1] ?? [500, { message: 'no answer' }];
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

beforeEach(() => setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' }));
afterEach(() => {
  alertStore.clear();
  vi.unstubAllGlobals();
});

describe('uploadWithProgress', () => {
  it('reports progress and resolves with the answer', async () => {
    const sent = fakeXhr([[201, { id: 'f1' }]]);
    const progress: number[] = [];
    await expect(
      uploadWithProgress('/api/organizations/me/files', new File(['x'], 'a.pdf'), (p) => progress.push(p)),
    ).resolves.toEqual({ id: 'f1' });
    expect(progress).toEqual([50, 100]);
    expect(sent[0]?.headers.Authorization).toBe('Bearer access-1');
  });

  it("refreshes an expired token once and replays; a refusal becomes the 'Error' alert with the API's text", async () => {
    const calls = stubFetch({
      'POST /api/oauth/refresh': () => json({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    });
    const sent = fakeXhr([
      [401, { message: 'Expired', error: 'unauthorized' }],
      [413, { message: 'The file must be at most 10 MB.', error: 'payload_too_large' }],
    ]);
    await expect(
      uploadWithProgress('/api/organizations/me/files', new File(['x'], 'a.pdf'), () => {}),
    ).rejects.toMatchObject({ status: 413, message: 'The file must be at most 10 MB.' });
    expect(calls.filter((c) => c.path === '/api/oauth/refresh')).toHaveLength(1);
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(getAccessToken()).toBe('access-2');
    expect(alertStore.getAlerts()).toContainEqual(
      expect.objectContaining({
        type: 'error',
        title: 'Error',
        description: 'The file must be at most 10 MB.',
      }),
    );
  });
});
