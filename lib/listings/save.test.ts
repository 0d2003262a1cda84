import { describe, expect, it } from 'vitest';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { getListingForEditing } from '../social-api/classifieds.ts';
import { listingFormSchema, toListingFieldErrors, type ListingFormValues } from '../validations/listing.ts';
import { saveListingCommand } from './commands.ts';

// The listing form's schema and its save (what the editor's server action runs) against the
// real api-server over loopback HTTP, on a fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

const values = (over: Partial<ListingFormValues> = {}): ListingFormValues => ({
  title: 'A blue bicycle',
  body: '<p>Barely used, <strong>new tyres</strong>.</p>',
  categoryId: '',
  tags: ['bike', 'blue'],
  price: '1,250.5',
  location: 'Springfield',
  authView: 'everyone',
  authComment: 'everyone',
  ...over,
});

describe('the listing form schema', () => {
  it('takes a whole form, and refuses each bad field with a sentence on that field', () => {
    expect(listingFormSchema.safeParse(values()).success).toBe(true);
    expect(listingFormSchema.safeParse(values({ price: '', categoryId: '3', tags: [] })).success).toBe(true);
    const cases: Array<[Partial<ListingFormValues>, keyof ListingFormValues, RegExp]> = [
      [{ title: '   ' }, 'title', /title/i],
      [{ title: 'x'.repeat(256) }, 'title', /title/i],
      [{ body: '<p> </p>' }, 'body', /description/i],
      [{ price: 'cheap' }, 'price', /price/i],
      [{ price: '12.345' }, 'price', /price/i],
      [{ price: '9999999999' }, 'price', /price/i],
      [{ categoryId: 'abc' }, 'categoryId', /category/i],
      [{ tags: ['a,b'] }, 'tags', /comma/i],
      [{ location: 'x'.repeat(256) }, 'location', /location/i],
      [{ authView: '' }, 'authView', /who/i],
    ];
    for (const [over, field, message] of cases) {
      const r = listingFormSchema.safeParse(values(over));
      expect(r.success, JSON.stringify(over)).toBe(false);
      expect(r.error?.issues[0]?.path[0]).toBe(field);
      expect(r.error?.issues[0]?.message).toMatch(message);
    }
  });

  it('puts the API’s field errors on the form’s fields, as sentences', () => {
    expect(toListingFieldErrors({ title: 'is required', 'fields[price]': 'must be a number', is_closed: 'nope' })).toEqual({
      title: 'The title is required.',
      price: 'The price must be a number.',
      form: 'The listing nope.',
    });
  });
});

describe('saveListingCommand', () => {
  it('creates a listing and edits its price, answering the API’s formatted price', async () => {
    const created = await saveListingCommand(demo.token, { values: values() });
    expect(created.ok).toBe(true);
    const id = created.ok ? created.data.id : 0;
    expect(created.ok && created.data.price).toMatch(/1,250\.50/);
    const saved = await getListingForEditing(demo.token, id);
    expect(saved).toMatchObject({ title: 'A blue bicycle', location: 'Springfield' });
    expect(saved!.tags.map((t) => t.title)).toEqual(['bike', 'blue']);

    const edited = await saveListingCommand(demo.token, { id, values: values({ price: '99' }) });
    expect(edited).toMatchObject({ ok: true, message: 'Your listing was saved.' });
    expect(edited.ok && edited.data.price).toMatch(/99\.00/);
  });

  it('the editor reads its own listing’s privacy (an extension: nobody else is told it); an edit changes it only when its form showed it', async () => {
    const made = await saveListingCommand(demo.token, {
      values: values({ title: 'Private bike', authView: 'owner_member', authComment: 'owner' }),
    });
    expect(made.ok).toBe(true);
    const id = made.ok ? made.data.id : 0;
    expect((await getListingForEditing(demo.token, id))!.privacy).toEqual({ view: 'owner_member', comment: 'owner' });
    // An edit whose form did not show privacy keeps it, whatever its values say.
    expect(
      (
        await saveListingCommand(demo.token, {
          id,
          values: values({ title: 'Private bike', authView: 'everyone', authComment: 'everyone' }),
        })
      ).ok,
    ).toBe(true);
    expect((await getListingForEditing(demo.token, id))!.privacy).toEqual({ view: 'owner_member', comment: 'owner' });
    // One that showed it saves the person's choice.
    expect(
      (
        await saveListingCommand(demo.token, {
          id,
          values: values({ title: 'Private bike', authView: 'registered', authComment: 'owner_member' }),
          privacy: true,
        })
      ).ok,
    ).toBe(true);
    expect((await getListingForEditing(demo.token, id))!.privacy).toEqual({ view: 'registered', comment: 'owner_member' });
    // A reader who may see it is not told who may.
    expect((await getListingForEditing(alice.token, id))!.privacy).toBeUndefined();
  });

  it('refuses a form without a title on the title field, and sends nothing', async () => {
    const res = await saveListingCommand(demo.token, { values: values({ title: '' }) });
    expect(res).toMatchObject({ ok: false, fieldErrors: { title: 'Give your listing a title.' } });
  });

  it('refuses what no form sends (a bad id, no form) without naming a field', async () => {
    for (const bad of [{ id: -1, values: values() }, { values: 'x' }, 'junk']) {
      const res = await saveListingCommand(demo.token, bad);
      expect(res.ok, JSON.stringify(bad)).toBe(false);
      expect(!res.ok && res.fieldErrors).toBeFalsy();
    }
  });

  it('refuses an edit of someone else’s listing and leaves it as it was', async () => {
    const mine = await saveListingCommand(demo.token, { values: values({ title: 'Not yours' }) });
    const id = mine.ok ? mine.data.id : 0;
    const res = await saveListingCommand(alice.token, { id, values: values({ title: 'Stolen' }) });
    expect(res.ok).toBe(false);
    expect((await getListingForEditing(demo.token, id))!.title).toBe('Not yours');
  });
});
