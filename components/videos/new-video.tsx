'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { DescriptionReminder, wantsDescriptionReminder } from '@/components/photos/description-reminder';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { Field } from '@/components/ui/form-fields';
import { FormError } from '@/components/ui/form-error';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { useUpload } from '@/components/ui/use-upload';
import { callAction, CHECK_FIELDS } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { VideoChoices } from '@/lib/social-api/videos';
import { fieldErrorsOf } from '@/lib/validations/field-errors';
import { formatBytes } from '@/lib/validations/photo-file';
import { checkVideoBytes, VIDEO_ACCEPT, VIDEO_KINDS_TEXT } from '@/lib/validations/video-file';
import { videoLinkSchema, videoProviderOf, videoUploadSchema } from '@/lib/validations/video';
import { addVideoLink } from './actions';
import { emptyVideoForm, VideoSettingsFields, videoValues, type VideoFormState } from './video-settings-fields';

type Mode = 'link' | 'upload';

export type NewVideoProps = {
  choices: VideoChoices;
  /** Largest upload, in bytes (VIDEO_MAX_BYTES). */
  maxBytes: number;
};

const parseUploaded = (body: unknown) => {
  const b = body as { id?: unknown } | null;
  return b && typeof b.id === 'number' ? { id: b.id } : undefined;
};

/**
 * "Add a video": by a YouTube or Vimeo address (Link), or by uploading a file (Upload, offered
 * only where the server converts videos: support_types). The upload shows its progress and can
 * be retried; a missing description (the video's text alternative) is reminded of, never
 * required. Nothing typed is lost on a refusal: the fields keep their values and say what to fix.
 */
export function NewVideo({ choices, maxBytes }: NewVideoProps) {
  const id = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const [mode, setMode] = useState<Mode>('link');
  const [form, setForm] = useState<VideoFormState>(() => emptyVideoForm(choices));
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; signedOut?: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const [reminding, setReminding] = useState(false);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const upload = useUpload<{ id: number }>({
    url: routes.videoUpload,
    fileField: 'Filedata',
    fields: () => ({ video: JSON.stringify(videoValues(form)) }),
    parse: parseUploaded,
  });
  const uploading = upload.state?.status === 'uploading';

  const change = (next: Partial<VideoFormState>) => setForm((f) => ({ ...f, ...next }));

  const refuse = (fieldErrors: Record<string, string>, text = CHECK_FIELDS) => {
    setErrors(fieldErrors);
    setMessage({ text });
  };

  async function chooseFile(picked: File | undefined) {
    setErrors(({ file: _, ...rest }) => rest);
    setFile(null);
    if (!picked) return;
    const problem = await checkVideoBytes(picked, maxBytes);
    if (problem) setErrors((e) => ({ ...e, file: problem }));
    else setFile(picked);
  }

  async function sendUpload(chosen: File) {
    setMessage(null);
    const res = await upload.start(chosen);
    if (res.ok) {
      announce('Your video was uploaded. It is being converted.');
      router.push(routes.myVideos());
      return;
    }
    if (res.aborted) return;
    const fieldErrors = (res.body as { field_errors?: Record<string, string> } | null)?.field_errors;
    if (fieldErrors) refuse(fieldErrors, res.message);
    else setMessage({ text: res.message, signedOut: /signed out/i.test(res.message) });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const values = videoValues(form);
    if (mode === 'link') {
      const parsed = videoLinkSchema.safeParse({ ...values, type: videoProviderOf(url), url });
      if (!parsed.success) return refuse(fieldErrorsOf(parsed.error));
      setErrors({});
      setPending(true);
      const res = await callAction(() => addVideoLink(parsed.data));
      setPending(false);
      if (res.ok) {
        announce(res.message);
        router.push(routes.video(res.data.id));
      } else {
        setErrors(res.fieldErrors ?? {});
        setMessage({ text: res.message, signedOut: res.signedOut });
      }
      return;
    }
    const parsed = videoUploadSchema.safeParse(values);
    const fieldErrors: Record<string, string> = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!file) fieldErrors.file ??= errors.file ?? 'Choose the video to upload.';
    if (Object.keys(fieldErrors).length) return refuse(fieldErrors);
    setErrors({});
    if (!form.description.trim() && wantsDescriptionReminder()) {
      setReminding(true);
      return;
    }
    await sendUpload(file!);
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <form onSubmit={submit} noValidate className="card space-y-5" aria-describedby={message ? f('message') : undefined}>
      <fieldset>
        <legend className="text-sm font-medium">How do you add it?</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value="link" checked={mode === 'link'} onChange={() => setMode('link')} disabled={uploading} />
            Link (YouTube or Vimeo)
          </label>
          {choices.upload ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value="upload"
                checked={mode === 'upload'}
                onChange={() => setMode('upload')}
                disabled={uploading}
              />
              Upload a file
            </label>
          ) : null}
        </div>
      </fieldset>

      {mode === 'link' ? (
        <Field id={f('url')} label="Address of the video" error={errors.url ?? errors.type}>
          {(a11y) => (
            <input
              {...a11y}
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              className="field"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
      ) : (
        <Field id={f('file')} label="Video file" error={errors.file}>
          {(a11y) => (
            <>
              <input
                {...a11y}
                aria-describedby={[a11y['aria-describedby'], f('file-hint')].filter(Boolean).join(' ')}
                type="file"
                accept={VIDEO_ACCEPT}
                className="field"
                disabled={uploading}
                onChange={(e) => void chooseFile(e.target.files?.[0])}
              />
              <p id={f('file-hint')} className="muted mt-1 text-sm">
                {VIDEO_KINDS_TEXT}, at most {formatBytes(maxBytes)}. It is converted after the upload: you can watch it once it is ready.
              </p>
            </>
          )}
        </Field>
      )}

      <VideoSettingsFields
        id={id}
        state={form}
        onChange={change}
        errors={errors}
        choices={choices}
        titleHint={mode === 'link' ? 'Leave it empty to use the title the video has on its site.' : undefined}
        descriptionRef={descriptionRef}
      />

      {upload.state && upload.state.status !== 'done' ? (
        <div className="space-y-2">
          <UploadProgress id={f('progress')} {...progressOf(upload.state)} />
          {upload.state.status === 'failed' ? (
            <div className="flex gap-2">
              <button type="button" className={buttonStyles.secondary} onClick={() => file && void sendUpload(file)}>
                Retry the upload
              </button>
              <button type="button" className={buttonStyles.ghost} onClick={upload.cancel}>
                Cancel
              </button>
            </div>
          ) : (
            <button type="button" className={buttonStyles.ghost} onClick={upload.cancel}>
              Cancel the upload
            </button>
          )}
        </div>
      ) : null}

      <FormError id={f('message')} message={message?.text} signedOut={message?.signedOut} />

      {reminding ? (
        <DescriptionReminder
          noun="video"
          onAddDescription={() => {
            setReminding(false);
            descriptionRef.current?.focus();
          }}
          onPostAnyway={() => {
            setReminding(false);
            if (file) void sendUpload(file);
          }}
        />
      ) : (
        <div className="flex gap-3">
          <button type="submit" className={buttonStyles.primary} disabled={pending || uploading}>
            {mode === 'link' ? (pending ? 'Adding…' : 'Add the video') : uploading ? 'Uploading…' : 'Upload the video'}
          </button>
          <a href={routes.myVideos()} className={buttonStyles.ghost}>
            Cancel
          </a>
        </div>
      )}
    </form>
  );
}
