// The demo's `.uploadAttachment`: puts a file into the fixture server's upload store (`POST /api/uploads`) with
// XMLHttpRequest, whose upload events give the chat its per-file progress; the signal aborts it.
import type { UploadAttachment } from '../components/agent-chat/attachment-tray.js';

/** Uploads to `url` (default `/api/uploads`) and answers the URL the store serves the file from. */
export function fixtureUpload(url = '/api/uploads'): UploadAttachment {
  return (file, { signal, onProgress }) =>
    new Promise<string>((resolve, reject) => {
      const request = new XMLHttpRequest();
      const abort = () => request.abort();
      signal.addEventListener('abort', abort, { once: true });
      request.open('POST', url);
      request.setRequestHeader('content-type', file.type || 'application/octet-stream');
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        signal.removeEventListener('abort', abort);
        let body: { url?: unknown; error?: unknown } = {};
        try {
          body = JSON.parse(request.responseText) as typeof body;
        } catch {
          body = {};
        }
        if (request.status === 201 && typeof body.url === 'string') resolve(body.url);
        else
          reject(new Error(`HTTP ${request.status}: ${String(body.error ?? request.statusText)}`));
      };
      request.onerror = () => {
        signal.removeEventListener('abort', abort);
        reject(new Error('the upload could not reach the server'));
      };
      request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
      request.send(file);
    });
}
