// The browser side of the photo upload: XMLHttpRequest rather than fetch, because only XHR
// reports upload progress. The BFF route streams the body on to the API.

export const COMPOSE_UPLOAD_URL = '/api/upload/compose';

export type UploadResult = { ok: true; photoId: number; src: string } | { ok: false; message: string; aborted?: boolean };

export interface UploadHandle {
  done: Promise<UploadResult>;
  abort(): void;
}

export function uploadComposePhoto(file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve) => {
    xhr.open('POST', COMPOSE_UPLOAD_URL);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { photo_id?: unknown; src?: unknown; message?: unknown };
      if (xhr.status === 200 && typeof body.photo_id === 'number') {
        onProgress(100);
        resolve({ ok: true, photoId: body.photo_id, src: typeof body.src === 'string' ? body.src : '' });
      } else {
        resolve({
          ok: false,
          message: typeof body.message === 'string' && body.message ? body.message : `The upload failed (${xhr.status}).`,
        });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: 'The upload was interrupted. Check your connection and retry.' });
    xhr.ontimeout = () => resolve({ ok: false, message: 'The upload took too long. Retry.' });
    xhr.onabort = () => resolve({ ok: false, message: 'The upload was cancelled.', aborted: true });
    const form = new FormData();
    form.append('type', 'wall');
    // The API's name for the file part (spec: POST /albums/compose_upload, file part Filedata).
    form.append('Filedata', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
