import { alertStore } from '../components/alerts/alert-store';
import { ApiError, ERROR_ALERT_TITLE, getErrorText, NO_RESPONSE_MESSAGE } from './api-client';
import { resolveApiUrl } from './api-url';
import { startLoading, stopLoading } from './loading';
import { logout, refreshSession } from './session';
import { getAccessToken } from './token-storage';

export interface UploadOptions {
  /** Form fields sent before the file. */
  fields?: Record<string, string>;
  /** No 'Error' alert on failure (the caller shows the error itself). */
  silent?: boolean;
}

/**
 * A multipart upload (part `file`) that reports progress: XMLHttpRequest tells the bytes sent,
 * fetch cannot. It follows the API client's rules: Bearer token, JSON accept, the 'Error' alert
 * with the answer's text on failure, and on 401 one token refresh and a replay (else log out).
 * `onProgress` gets 0 to 100. Rejects with an ApiError whose body is the server's answer.
 */
export function uploadWithProgress<T>(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  startLoading();
  return sendWithRetryOn401<T>(url, file, onProgress, options)
    .catch((error: unknown) => {
      const apiError =
        error instanceof ApiError ? error : new ApiError({ status: 0, message: NO_RESPONSE_MESSAGE });
      if (apiError.status !== 401 && !options.silent) {
        alertStore.add({ type: 'error', title: ERROR_ALERT_TITLE, description: apiError.message });
      }
      throw apiError;
    })
    .finally(stopLoading);
}

async function sendWithRetryOn401<T>(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  options: UploadOptions,
): Promise<T> {
  try {
    return await send<T>(url, file, onProgress, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const refreshed = await refreshSession(); // a failed refresh logs out
    if (!refreshed) throw error;
    onProgress(0);
    try {
      return await send<T>(url, file, onProgress, options);
    } catch (replayError) {
      if (replayError instanceof ApiError && replayError.status === 401) logout();
      throw replayError;
    }
  }
}

function send<T>(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  options: UploadOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', resolveApiUrl(url));
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a non-JSON answer stays text
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
      } else {
        const text = getErrorText({ body, status: xhr.status });
        reject(new ApiError({ status: xhr.status, message: text, description: text, body }));
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: NO_RESPONSE_MESSAGE }));
    xhr.send(form);
  });
}
