import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { placeRefusal } from './form-refusal.ts';

// A refused action on a react-hook-form form (a real form control, without a page): the errors
// of the form's fields on them, the rest on the form's own line. Focus is the e2e suite's
// (blogs, events).

type Values = { title: string; categoryId: string; who: string };
const names = ['title', 'categoryId'] as const;

function refuse(res: Parameters<typeof placeRefusal>[1]) {
  const form = createFormControl<Values>({ defaultValues: { title: 'Typed', categoryId: '3', who: 'Ann' } });
  const line = placeRefusal(form, res, [...names]);
  const errorOf = (name: keyof Values) => form.getFieldState(name).error?.message;
  return { line, errorOf, values: form.getValues() };
}

describe('placeRefusal', () => {
  it('puts each error on its field and leaves the form’s line the refusal’s message, nothing typed touched', () => {
    const { line, errorOf, values } = refuse({
      message: 'Check the highlighted fields.',
      fieldErrors: { categoryId: 'The category is not one of this site.', title: 'The title is too long.' },
    });
    expect(line).toEqual({ message: 'Check the highlighted fields.', signedOut: undefined });
    expect(errorOf('categoryId')).toBe('The category is not one of this site.');
    expect(errorOf('title')).toBe('The title is too long.');
    expect(values).toEqual({ title: 'Typed', categoryId: '3', who: 'Ann' });
  });

  it('says an error that names no field of the form on the form’s line, after the message', () => {
    const { line, errorOf } = refuse({
      message: 'Check the highlighted fields.',
      fieldErrors: { form: 'The event is gone.', title: 'The title is too long.', who: 'This person is not your friend.' },
    });
    expect(line.message).toBe('Check the highlighted fields. The event is gone. This person is not your friend.');
    expect(errorOf('title')).toBe('The title is too long.');
    expect(errorOf('who')).toBeUndefined();
  });

  it('keeps a refusal without field errors as it is, signed out included', () => {
    const { line, errorOf } = refuse({ message: 'You are signed out.', signedOut: true });
    expect(line).toEqual({ message: 'You are signed out.', signedOut: true });
    expect(errorOf('title')).toBeUndefined();
  });
});
