import { describe, expect, it } from 'vitest';
import { createMember, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, post } from '../fixtures.ts';
import { compose, expectRefused, friends, reply, seasoned, send } from './message-fixtures.ts';

// Who may message me (privacy_message through GET/POST /users/settings_privacy, scope settings;
// docs/api.md, "Messages"), and the exceptions that keep conversations going.

const PRIVACY = '/api/v1/users/settings_privacy';
const t = setupApi();
type Person = Awaited<ReturnType<typeof seasoned>>;
const setPrivacy = (who: Person, value: string) => post(t, who.token, PRIVACY, { privacy_message: value });
const canSend = async (reader: Person, of: Person) => (await get(t, reader.token, `/api/v1/users/${of.id}`)).body.data;

describe('GET and POST /users/settings_privacy', () => {
  it('reads and writes privacy_message, friends by default', async () => {
    const me = await createMember(t.db);
    expect((await get(t, me.token, PRIVACY)).body.data).toEqual({ privacy_message: 'friends' });
    const res = await setPrivacy(me, 'everyone');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ privacy_message: 'everyone' });
    expect((await get(t, me.token, PRIVACY)).body.data).toEqual({ privacy_message: 'everyone' });
    expectRefused(await setPrivacy(me, 'strangers'), 400, 'privacy_message');
    expectRefused(await post(t, me.token, PRIVACY, {}), 400, 'privacy_message');
    const noSettings = await tokenFor(t.db, me.id, ['basic', 'messages']);
    expect((await get(t, noSettings, PRIVACY)).body.data.error_text).toBe('insufficient_scope');
    expect((await get(t, await tokenFor(t.db, null, ['settings']), PRIVACY)).status).toBe(403);
  });
});

describe('who may start a conversation', () => {
  it('friends (the default): friends only, and the refusal says so', async () => {
    const [alice, grace] = await friends(t.db, 'Alice Martin', 'Grace Kim');
    const stranger = await seasoned(t.db, 'Sam Stranger');
    expectRefused(
      await compose(t, stranger, { to: String(alice.id), body: 'hi' }),
      403,
      'to',
      /^Alice Martin only receives messages from friends\.$/,
    );
    expect(await canSend(stranger, alice)).toMatchObject({
      can_send_message: false,
      send_message_refusal: 'Alice Martin only receives messages from friends.',
    });
    expect((await compose(t, grace, { to: String(alice.id), body: 'hi' })).status).toBe(200);
    expect(await canSend(grace, alice)).toMatchObject({ can_send_message: true, send_message_refusal: null });
    // One refused recipient refuses the whole message: nothing is sent to the others.
    await setPrivacy(grace, 'everyone');
    expectRefused(await compose(t, stranger, { to: `${grace.id},${alice.id}`, body: 'hi both' }), 403, 'to', /Alice Martin/);
    expect(await t.db.selectFrom('conversation_members').select('conversation_id').where('user_id', '=', stranger.id).execute()).toEqual(
      [],
    );
  });

  it('everyone: any signed-in member; none: nobody, not even friends', async () => {
    const [alice, grace] = await friends(t.db, 'Alice Martin', 'Grace Kim');
    const stranger = await seasoned(t.db);
    await setPrivacy(alice, 'everyone');
    expect((await compose(t, stranger, { to: String(alice.id), body: 'hi' })).status).toBe(200);
    await setPrivacy(alice, 'none');
    expectRefused(await compose(t, grace, { to: String(alice.id), body: 'hi' }), 403, 'to', /^Alice Martin does not receive messages\.$/);
    expect(await canSend(grace, alice)).toMatchObject({
      can_send_message: false,
      send_message_refusal: 'Alice Martin does not receive messages.',
    });
  });

  it('replies in a conversation one belongs to always pass, whatever the setting', async () => {
    const [alice, grace] = await friends(t.db);
    const stranger = await seasoned(t.db);
    await setPrivacy(alice, 'everyone');
    const id = await send(t, stranger, alice, 'Hello Alice');
    await setPrivacy(alice, 'none');
    expect((await reply(t, stranger, id, 'Still there?')).status).toBe(200);
    expect((await reply(t, alice, id, 'Yes')).status).toBe(200);
    void grace;
  });
});
