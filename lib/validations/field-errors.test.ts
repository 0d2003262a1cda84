import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiFieldErrorsReader, nestedFieldErrorsOf, splitFieldErrors, valuesFieldErrors } from './field-errors.ts';

// The one mapping of the API's field errors (error_params) onto a form's fields, and of a save
// schema's issues onto the form's fields.

describe('apiFieldErrorsReader', () => {
  const nouns = { title: 'The title', price: 'The price', form: 'The listing' };
  const read = apiFieldErrorsReader({ title: 'title', 'fields[price]': 'price', price: 'price' }, { nouns });

  it('puts each message on the form’s field, as a sentence that names it', () => {
    expect(read({ title: 'is required', 'fields[price]': 'must be a number.' })).toEqual({
      title: 'The title is required.',
      price: 'The price must be a number.',
    });
  });

  it('keeps a message that is already a sentence, and gives an empty one words', () => {
    expect(read({ title: 'Titles may not hold HTML' })).toEqual({ title: 'Titles may not hold HTML.' });
    expect(read({ title: '  ' })).toEqual({ title: 'The title is not valid.' });
  });

  it('puts what names no field of the form on `form`, or on the field it is told', () => {
    expect(read({ is_draft: 'must be 0 or 1', constructor: 'is not a known parameter' })).toEqual({
      form: 'The listing must be 0 or 1. The listing is not a known parameter.',
    });
    expect(apiFieldErrorsReader({ body: 'body' }, { other: 'body' })({ 'attachment[type]': 'is required' })).toEqual({
      body: 'is required',
    });
  });

  it('puts two of the API’s names for one field together', () => {
    expect(read({ 'fields[price]': 'must be a number', price: 'is too high' })).toEqual({
      price: 'The price must be a number. The price is too high.',
    });
  });

  it('names a field by the API’s name when the form’s name is shared', () => {
    const tag = apiFieldErrorsReader(
      { user_id: 'who', label: 'who' },
      { other: 'box', nouns: { user_id: 'This person', label: 'The name', box: 'The box goes beyond the photo:' } },
    );
    expect(tag({ label: 'is too long' })).toEqual({ who: 'The name is too long.' });
    expect(tag({ user_id: 'is not a known user', 'extra[w]': 'x + w must not exceed the photo’s width (800)' })).toEqual({
      who: 'This person is not a known user.',
      box: 'The box goes beyond the photo: x + w must not exceed the photo’s width (800).',
    });
  });

  it('without nouns keeps the API’s words, several joined', () => {
    const raw = apiFieldErrorsReader({ title: 'title', 'album[title]': 'title' });
    expect(raw({ title: 'must not be empty', 'album[title]': 'is too long', album_id: 'must be one of your own albums' })).toEqual({
      title: 'must not be empty; is too long',
      form: 'must be one of your own albums',
    });
  });
});

describe('a save schema’s issues on the form (nestedFieldErrorsOf)', () => {
  const save = z.object({
    id: z.optional(z.number().check(z.positive())),
    values: z.object({ title: z.string().check(z.minLength(1, 'Give it a title.')) }),
    photoIds: z.array(z.number()).check(z.minLength(1, 'Add a photo.')),
  });
  const issues = (input: unknown) => save.safeParse(input).error!;

  it('answers the values’ issues by field and a bad id under `form`', () => {
    expect(valuesFieldErrors(issues({ values: { title: '' }, photoIds: [1] }))).toEqual({ title: 'Give it a title.' });
    expect(valuesFieldErrors(issues({ id: -1, values: { title: 'x' }, photoIds: [1] }))).toHaveProperty('form');
  });

  it('names the other parts the page shows', () => {
    expect(nestedFieldErrorsOf(issues({ values: { title: '' }, photoIds: [] }), 'values', { photoIds: 'photos' })).toEqual({
      title: 'Give it a title.',
      photos: 'Add a photo.',
    });
  });
});

describe('a refusal’s field errors split by the fields a form shows (splitFieldErrors)', () => {
  it('keeps those of the named fields by field, and the others’ messages in order', () => {
    expect(splitFieldErrors({ body: 'Write something.', form: 'Gone.', item: 'Not an item.' }, ['body'])).toEqual({
      placed: { body: 'Write something.' },
      unplaced: ['Gone.', 'Not an item.'],
    });
    expect(splitFieldErrors(undefined, ['body'])).toEqual({ placed: {}, unplaced: [] });
  });
});
