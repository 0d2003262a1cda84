import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { CHECK_FIELDS, failure, saveCommand } from './server-action.ts';
import { ApiError } from './social-api/errors.ts';
import { apiFieldErrorsReader } from './validations/field-errors.ts';
import { idSchema } from './validations/ids.ts';

// The toolkit every feature's actions are built from: the failure helper and the save command of
// a form that makes a thing or edits it. The API here is a stub that records its calls and
// answers what each case needs (the feature commands' own tests run against the real API).

const toFields = apiFieldErrorsReader({ title: 'title' }, { nouns: { title: 'The title', form: 'The note' } });
const refusal = () => new ApiError(400, 'invalid_parameters', 'title: is required', { title: 'is required' });

describe('failure', () => {
  it('puts a refusal’s field errors under the form’s names, with the form’s message or the API’s own', () => {
    expect(failure(refusal(), toFields)).toEqual({ ok: false, message: CHECK_FIELDS, fieldErrors: { title: 'The title is required.' } });
    expect(failure(refusal(), toFields, 'The note was not saved.')).toMatchObject({ message: 'The note was not saved.' });
    expect(failure(refusal(), toFields, null)).toMatchObject({ message: 'title: is required' });
  });

  it('answers a refusal that names no field, a signed-out token and our own bug as before', () => {
    expect(failure(new ApiError(403, 'forbidden', 'You may not.'), toFields)).toEqual({ ok: false, message: 'You may not.' });
    expect(failure(new ApiError(401, 'unauthorized_user', 'expired', { title: 'x' }), toFields)).toMatchObject({
      ok: false,
      signedOut: true,
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(failure(new TypeError('oops'))).toEqual({ ok: false, message: 'Something went wrong. Please try again.' });
    log.mockRestore();
  });
});

describe('saveCommand', () => {
  type Note = { title: string };
  const schema = z.object({
    id: z.optional(idSchema),
    values: z.object({ title: z.string().check(z.trim(), z.minLength(1, 'Give the note a title.')) }),
  });

  /** A save command over a stub API whose create and update do what `api` says; `calls` records them. */
  function setUp(api: { create?: () => Promise<number>; update?: () => Promise<void> } = {}) {
    const calls: string[] = [];
    const save = saveCommand({
      schema,
      payload: ({ values }): Note => ({ title: values.title }),
      create: async (token, note: Note) => {
        calls.push(`create ${token} ${note.title}`);
        return api.create ? api.create() : 41;
      },
      update: async (token, id, note: Note) => {
        calls.push(`update ${token} ${id} ${note.title}`);
        await api.update?.();
      },
      fields: toFields,
      gone: 'This note is no longer there.',
      saved: (token, id, input) => ({ ok: true as const, message: input.id ? 'Saved.' : 'Created.', data: { id } }),
    });
    return { save, calls };
  }

  it('creates a thing without an id and answers its new id', async () => {
    const { save, calls } = setUp();
    expect(await save('tok', { values: { title: ' Hello ' } })).toEqual({ ok: true, message: 'Created.', data: { id: 41 } });
    expect(calls).toEqual(['create tok Hello']);
  });

  it('updates the thing of the id given, and creates nothing', async () => {
    const { save, calls } = setUp();
    expect(await save('tok', { id: 7, values: { title: 'Hello' } })).toEqual({ ok: true, message: 'Saved.', data: { id: 7 } });
    expect(calls).toEqual(['update tok 7 Hello']);
  });

  it('answers a field that fails the schema on the field, and a bad id as not understood; neither reaches the API', async () => {
    const { save, calls } = setUp();
    expect(await save('tok', { values: { title: '  ' } })).toEqual({
      ok: false,
      message: CHECK_FIELDS,
      fieldErrors: { title: 'Give the note a title.' },
    });
    expect(await save('tok', { id: 0, values: { title: 'Hello' } })).toEqual({
      ok: false,
      message: expect.stringMatching(/not understood/),
    });
    expect(await save('tok', 'nonsense')).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
  });

  it('puts the API’s 400 on the form’s fields, on a create and on an update', async () => {
    const { save } = setUp({ create: () => Promise.reject(refusal()), update: () => Promise.reject(refusal()) });
    const onFields = { ok: false, message: CHECK_FIELDS, fieldErrors: { title: 'The title is required.' } };
    expect(await save('tok', { values: { title: 'Hello' } })).toEqual(onFields);
    expect(await save('tok', { id: 7, values: { title: 'Hello' } })).toEqual(onFields);
  });

  it('says the thing is gone when the API answers 404, and that the person is signed out on 401', async () => {
    const { save } = setUp({ update: () => Promise.reject(new ApiError(404, 'not_found', 'Not found.')) });
    expect(await save('tok', { id: 7, values: { title: 'Hello' } })).toEqual({ ok: false, message: 'This note is no longer there.' });
    const out = setUp({ create: () => Promise.reject(new ApiError(401, 'unauthorized_user', 'expired')) });
    expect(await out.save('tok', { values: { title: 'Hello' } })).toMatchObject({ ok: false, signedOut: true });
  });
});
