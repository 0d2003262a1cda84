import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, call, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { eventCategory, eventRow, LIST_KEYS, makeEvent } from './event-fixtures.ts';
import { makeGroup } from '../groups/group-fixtures.ts';

const t = setupApi();
const URL = '/api/v1/events/calendar';
const at = (iso: string) => Date.parse(iso) / 1000;
let reader: number, readerToken: string, clientToken: string, friendOfReader: number;

type Day = { date: string; total: number; events: Array<{ id: number }> };
const days = (body: { data: { days: Day[] } }) =>
  body.data.days.map((d) => ({ date: d.date, total: d.total, ids: d.events.map((e) => e.id) }));

beforeAll(async () => {
  reader = (await createUser(t.db)).id;
  readerToken = await tokenFor(t.db, reader);
  clientToken = await tokenFor(t.db, null);
  friendOfReader = (await createUser(t.db)).id;
  await befriend(t.db, reader, friendOfReader);
});

/** A member of their own, so that each test's span holds only what it made. */
const host = async () => (await createUser(t.db)).id;

describe('GET /events/calendar', () => {
  it("gives each day of the span its count and its first events by start, in the reader's zone", async () => {
    const h = await host();
    // 02:00 UTC on the 6th is 21:00 on the 5th in New York.
    const late = await makeEvent(t.db, h, { start: at('2031-12-06T02:00:00Z'), title: 'Late' });
    const morning = await makeEvent(t.db, h, { start: at('2031-12-05T14:00:00Z'), title: 'Morning' });
    const noon = await makeEvent(t.db, h, { start: at('2031-12-05T17:00:00Z') });
    const next = await makeEvent(t.db, h, { start: at('2031-12-07T15:00:00Z') });
    // Outside the span, either side.
    await makeEvent(t.db, h, { start: at('2031-11-30T15:00:00Z') });
    await makeEvent(t.db, h, { start: at('2032-01-01T15:00:00Z') });
    const q = { from: '2031-12-01', to: '2031-12-31', tz: 'America/New_York', user_id: h, per_day: 2 };
    const res = await get(t, readerToken, URL, q);
    expect(res.status).toBe(200);
    expect(res.body.data.capped).toBe(false);
    expect(days(res.body)).toEqual([
      { date: '2031-12-05', total: 3, ids: [morning, noon] },
      { date: '2031-12-07', total: 1, ids: [next] },
    ]);
    // The events are the list's items, with the list's fields.
    expect(Object.keys(res.body.data.days[0].events[0])).toEqual(LIST_KEYS);
    expect(res.body.data.days[0].events[0].title).toBe('Morning');
    // In UTC the late one is on the 6th.
    const utc = await get(t, readerToken, URL, { ...q, tz: 'UTC', per_day: 3 });
    expect(days(utc.body)).toEqual([
      { date: '2031-12-05', total: 2, ids: [morning, noon] },
      { date: '2031-12-06', total: 1, ids: [late] },
      { date: '2031-12-07', total: 1, ids: [next] },
    ]);
  });

  it('puts an all-day event on its own date, whatever the reader’s zone', async () => {
    const h = await host();
    // Christmas in Berlin: midnight to midnight there, 23:00 UTC the day before.
    const xmas = await makeEvent(t.db, h, {
      start: at('2031-12-24T23:00:00Z'),
      end: at('2031-12-25T23:00:00Z'),
      timezone: 'Europe/Berlin',
    });
    // Midnight in Berlin but three hours long: not a whole day, so it is where the reader's clock puts it.
    const night = await makeEvent(t.db, h, {
      start: at('2031-12-26T23:00:00Z'),
      end: at('2031-12-27T02:00:00Z'),
      timezone: 'Europe/Berlin',
    });
    for (const tz of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
      const res = await get(t, readerToken, URL, { from: '2031-12-01', to: '2031-12-31', tz, user_id: h });
      const placed = days(res.body);
      expect(placed.find((d) => d.ids.includes(xmas))?.date, tz).toBe('2031-12-25');
      expect(placed.find((d) => d.ids.includes(night))?.date, tz).toBe(tz === 'Asia/Tokyo' ? '2031-12-27' : '2031-12-26');
    }
  });

  it('puts an event of a day or more on every day it runs into, one begun before the span too; a shorter one past midnight on its first day', async () => {
    const h = await host();
    // Begun in November, ends on 3 December at 11:00 in New York (16:00 UTC).
    const retreat = await makeEvent(t.db, h, { start: at('2031-11-20T15:00:00Z'), end: at('2031-12-03T16:00:00Z'), title: 'Retreat' });
    // Friday 20:00 to Sunday 11:00 in New York.
    const camp = await makeEvent(t.db, h, { start: at('2031-12-06T01:00:00Z'), end: at('2031-12-07T16:00:00Z'), title: 'Camp' });
    // 23:00 to 01:00 in New York: not a day long, so on the 9th only.
    const party = await makeEvent(t.db, h, { start: at('2031-12-10T04:00:00Z'), end: at('2031-12-10T06:00:00Z'), title: 'Party' });
    // Two whole days in Berlin (midnight to midnight there), on those dates in New York too.
    const fest = await makeEvent(t.db, h, {
      start: at('2031-12-18T23:00:00Z'),
      end: at('2031-12-20T23:00:00Z'),
      timezone: 'Europe/Berlin',
      title: 'Fest',
    });
    // Ends before the span begins.
    await makeEvent(t.db, h, { start: at('2031-11-10T15:00:00Z'), end: at('2031-11-29T15:00:00Z') });
    const q = { from: '2031-12-01', to: '2031-12-31', tz: 'America/New_York', user_id: h };
    const res = await get(t, readerToken, URL, q);
    expect(res.status).toBe(200);
    expect(days(res.body)).toEqual([
      { date: '2031-12-01', total: 1, ids: [retreat] },
      { date: '2031-12-02', total: 1, ids: [retreat] },
      { date: '2031-12-03', total: 1, ids: [retreat] },
      { date: '2031-12-05', total: 1, ids: [camp] },
      { date: '2031-12-06', total: 1, ids: [camp] },
      { date: '2031-12-07', total: 1, ids: [camp] },
      { date: '2031-12-09', total: 1, ids: [party] },
      { date: '2031-12-19', total: 1, ids: [fest] },
      { date: '2031-12-20', total: 1, ids: [fest] },
    ]);
    // A day read alone (the web's list of one day) agrees with the grid.
    const day = await get(t, readerToken, URL, { ...q, from: '2031-12-06', to: '2031-12-06' });
    expect(days(day.body)).toEqual([{ date: '2031-12-06', total: 1, ids: [camp] }]);
    const second = await get(t, readerToken, URL, { ...q, from: '2031-12-02', to: '2031-12-02' });
    expect(days(second.body)).toEqual([{ date: '2031-12-02', total: 1, ids: [retreat] }]);
    // In UTC the party is on the 10th, from 04:00.
    const utc = await get(t, readerToken, URL, { ...q, tz: 'UTC', from: '2031-12-09', to: '2031-12-10' });
    expect(days(utc.body)).toEqual([{ date: '2031-12-10', total: 1, ids: [party] }]);
  });

  it('places events right in a month whose clocks change, the reader’s or the event’s', async () => {
    const h = await host();
    // 00:30 on 21 March in New York, after its clocks went forward on the 9th (UTC−4): 04:30 UTC.
    const spring = await makeEvent(t.db, h, { start: at('2031-03-21T04:30:00Z') });
    // The same instant of January (UTC−5) is 23:30 on the 20th.
    const winter = await makeEvent(t.db, h, { start: at('2031-01-21T04:30:00Z') });
    // All day on 30 March in Berlin, the night its clocks go forward: from 23:00 UTC to 22:00 UTC.
    const clocks = await makeEvent(t.db, h, {
      start: at('2031-03-29T23:00:00Z'),
      end: at('2031-03-30T22:00:00Z'),
      timezone: 'Europe/Berlin',
    });
    const dayOf = async (id: number, from: string, to: string, tz: string) =>
      days((await get(t, readerToken, URL, { from, to, tz, user_id: h })).body).find((d) => d.ids.includes(id))?.date;
    expect(await dayOf(spring, '2031-03-01', '2031-03-31', 'America/New_York')).toBe('2031-03-21');
    expect(await dayOf(winter, '2031-01-01', '2031-01-31', 'America/New_York')).toBe('2031-01-20');
    for (const tz of ['America/New_York', 'Asia/Tokyo', 'Europe/Berlin'])
      expect(await dayOf(clocks, '2031-03-01', '2031-04-05', tz), tz).toBe('2031-03-30');
  });

  it('counts only what the reader may see and the list would show, with its filters', async () => {
    const h = await host();
    const sports = await eventCategory(t.db, 'Sports');
    const open = await makeEvent(t.db, h, { start: at('2031-10-10T12:00:00Z'), category_id: sports, title: 'Open match' });
    await makeEvent(t.db, h, { start: at('2031-10-10T13:00:00Z'), auth_view: 'owner' });
    await makeEvent(t.db, h, { start: at('2031-10-10T14:00:00Z'), allow_search: 0 });
    const q = { from: '2031-10-01', to: '2031-10-31', user_id: h };
    expect(days((await get(t, readerToken, URL, q)).body)).toEqual([{ date: '2031-10-10', total: 1, ids: [open] }]);
    expect(days((await get(t, readerToken, URL, { ...q, category_id: sports + 1000 })).body)).toEqual([]);
    expect(days((await get(t, readerToken, URL, { ...q, keywords: 'match' })).body)).toHaveLength(1);
    expect(days((await get(t, readerToken, URL, { ...q, keywords: 'nothing like it' })).body)).toEqual([]);
  });

  it("view=only_my_friend counts friends' events; a client-credentials token gets none", async () => {
    const mine = await makeEvent(t.db, friendOfReader, { start: at('2031-09-09T12:00:00Z'), title: 'cal-friends-view' });
    await makeEvent(t.db, await host(), { start: at('2031-09-09T13:00:00Z'), title: 'cal-friends-view' });
    const q = { from: '2031-09-01', to: '2031-09-30', keywords: 'cal-friends-view' };
    expect(days((await get(t, readerToken, URL, { ...q, view: 'only_my_friend' })).body)).toEqual([
      { date: '2031-09-09', total: 1, ids: [mine] },
    ]);
    expect(days((await get(t, readerToken, URL, q)).body)[0]?.total).toBe(2);
    const client = await get(t, clientToken, URL, { ...q, view: 'only_my_friend' });
    expect(client.status).toBe(200);
    expect(client.body.data).toEqual({ days: [], capped: false });
  });

  it('answers only the fields asked for', async () => {
    const h = await host();
    const id = await makeEvent(t.db, h, { start: at('2031-08-08T12:00:00Z'), title: 'Fields' });
    const res = await get(t, readerToken, URL, { from: '2031-08-01', to: '2031-08-31', user_id: h, fields: 'title,start_at' });
    expect(res.body.data.days).toEqual([
      { date: '2031-08-08', total: 1, events: [{ title: 'Fields', start_at: at('2031-08-08T12:00:00Z') }] },
    ]);
    expect(id).toBeGreaterThan(0);
    // The description is read when it is asked for (the grid's read leaves it unread).
    const described = await get(t, readerToken, URL, { from: '2031-08-01', to: '2031-08-31', user_id: h, fields: 'id,description' });
    expect(described.body.data.days[0].events).toEqual([{ id, description: 'A gathering' }]);
  });

  it("offset passes over each day's first events, so that a day's list is read page by page", async () => {
    const h = await host();
    // Seven on the 9th, made out of order; one on the 10th.
    const hours = [15, 9, 12, 8, 20, 10, 18];
    const made = await Promise.all(
      hours.map((hour) => makeEvent(t.db, h, { start: at(`2031-09-09T${String(hour).padStart(2, '0')}:00:00Z`) })),
    );
    const byStart = hours
      .map((hour, i) => ({ hour, id: made[i]! }))
      .sort((a, b) => a.hour - b.hour)
      .map((e) => e.id);
    const tenth = await makeEvent(t.db, h, { start: at('2031-09-10T09:00:00Z') });
    const q = { from: '2031-09-09', to: '2031-09-10', tz: 'UTC', user_id: h, per_day: 3 };
    const page = async (offset: number) => days((await get(t, readerToken, URL, { ...q, offset })).body);
    expect(await page(0)).toEqual([
      { date: '2031-09-09', total: 7, ids: byStart.slice(0, 3) },
      { date: '2031-09-10', total: 1, ids: [tenth] },
    ]);
    expect(await page(3)).toEqual([
      { date: '2031-09-09', total: 7, ids: byStart.slice(3, 6) },
      { date: '2031-09-10', total: 1, ids: [] },
    ]);
    expect(await page(6)).toEqual([
      { date: '2031-09-09', total: 7, ids: byStart.slice(6) },
      { date: '2031-09-10', total: 1, ids: [] },
    ]);
    // Past the last: the counts still, no events.
    expect((await page(7)).map((d) => d.ids)).toEqual([[], []]);
    // The events given are whole list items, as on the first page.
    const second = await get(t, readerToken, URL, { ...q, offset: 3 });
    expect(Object.keys(second.body.data.days[0].events[0])).toEqual(LIST_KEYS);
    for (const offset of [-1, 5001, 'two']) {
      const res = await get(t, readerToken, URL, { ...q, offset });
      expect(res.status, String(offset)).toBe(400);
      expect(JSON.stringify(res.body.data)).toContain('offset');
    }
  });

  it('refuses a span that is not one, and says which word is wrong', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ from: '2031-02-30', to: '2031-03-01' }, 'from'],
      [{ from: '2031-03-01', to: 'tomorrow' }, 'to'],
      [{ from: '2031-03-10', to: '2031-03-01' }, 'to'],
      [{ from: '2031-01-01', to: '2031-02-12' }, 'to'],
      [{ from: '2031-01-01', to: '2031-01-31', tz: 'Mars/Olympus' }, 'tz'],
      [{ from: '2031-01-01', to: '2031-01-31', per_day: 0 }, 'per_day'],
    ];
    for (const [query, name] of cases) {
      const res = await get(t, readerToken, URL, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(res.body.data), JSON.stringify(query)).toContain(name);
    }
    expect((await get(t, readerToken, URL, { from: '2031-01-01' })).status).toBe(400);
    // Six weeks is the longest span.
    expect((await get(t, readerToken, URL, { from: '2031-01-01', to: '2031-02-11' })).status).toBe(200);
  });

  // Without filters, the month's common events (open to members, listed, in no group) are placed
  // once and kept, and each reader's own part is read (migration 037): the two must answer as
  // one read of everything would, for each reader, and never from a part out of date.
  describe('without filters', () => {
    it('answers each reader the events they may see, the kept part and their own counted and ordered as one', async () => {
      const h = await host();
      const stranger = await tokenFor(t.db, await host());
      const q = { from: '2033-05-01', to: '2033-05-31', tz: 'UTC', per_day: 2 };
      // The 10th: two open events, and between them the reader's friend's, for friends only.
      const ten = await makeEvent(t.db, h, { start: at('2033-05-10T10:00:00Z') });
      const two = await makeEvent(t.db, h, { start: at('2033-05-10T14:00:00Z') });
      const friends = await makeEvent(t.db, friendOfReader, { start: at('2033-05-10T12:00:00Z'), auth_view: 'owner_member' });
      // The 11th: one for members (not visitors), and one in a group everyone may see.
      const members = await makeEvent(t.db, h, { start: at('2033-05-11T09:00:00Z'), auth_view: 'registered' });
      const grouped = await makeEvent(t.db, h, { start: at('2033-05-11T08:00:00Z') });
      await t.db
        .updateTable('events')
        .set({ group_id: await makeGroup(t.db, h) })
        .where('id', '=', grouped)
        .execute();
      // The 12th: the reader's own, unlisted: only the reader lists it.
      const unlisted = await makeEvent(t.db, reader, { start: at('2033-05-12T09:00:00Z'), allow_search: 0 });
      // Read twice each: the first read keeps the common part, the second answers from it.
      for (let round = 0; round < 2; round += 1) {
        expect(days((await get(t, readerToken, URL, q)).body)).toEqual([
          { date: '2033-05-10', total: 3, ids: [ten, friends] },
          { date: '2033-05-11', total: 2, ids: [grouped, members] },
          { date: '2033-05-12', total: 1, ids: [unlisted] },
        ]);
        expect(days((await get(t, stranger, URL, q)).body)).toEqual([
          { date: '2033-05-10', total: 2, ids: [ten, two] },
          { date: '2033-05-11', total: 2, ids: [grouped, members] },
        ]);
        expect(days((await get(t, clientToken, URL, q)).body)).toEqual([
          { date: '2033-05-10', total: 2, ids: [ten, two] },
          { date: '2033-05-11', total: 1, ids: [grouped] },
        ]);
      }
      // Page by page, the kept part and the reader's own are one order too.
      for (let round = 0; round < 2; round += 1) {
        const second = days((await get(t, readerToken, URL, { ...q, offset: 2 })).body);
        expect(second).toEqual([
          { date: '2033-05-10', total: 3, ids: [two] },
          { date: '2033-05-11', total: 2, ids: [] },
          { date: '2033-05-12', total: 1, ids: [] },
        ]);
        expect(days((await get(t, readerToken, URL, { ...q, per_day: 1, offset: 1 })).body)[0]).toEqual({
          date: '2033-05-10',
          total: 3,
          ids: [friends],
        });
      }
      // What depends on who reads is worked out for each reader, whatever was kept: the host may edit theirs.
      const flags = { ...q, fields: 'id,title,can_edit' };
      for (let round = 0; round < 2; round += 1) {
        const asHost = (await get(t, await tokenFor(t.db, h), URL, flags)).body.data.days[0].events;
        const asReader = (await get(t, readerToken, URL, flags)).body.data.days[0].events;
        expect(asHost).toEqual([
          { id: ten, title: expect.any(String), can_edit: true },
          { id: two, title: expect.any(String), can_edit: true },
        ]);
        expect(asReader).toEqual([
          { id: ten, title: expect.any(String), can_edit: false },
          { id: friends, title: expect.any(String), can_edit: false },
        ]);
      }
    });

    it("answers the readers with nothing of their own on its days alike, and never one reader's events to another", async () => {
      const h = await host();
      const stranger = await tokenFor(t.db, await host());
      const another = await tokenFor(t.db, await host());
      // The web's fields, the rows' own: alike for every reader.
      const q = { from: '2033-11-01', to: '2033-11-30', tz: 'UTC', per_day: 2, fields: 'id,title,timezone,start_at,end_at' };
      const open = await makeEvent(t.db, h, { start: at('2033-11-10T10:00:00Z'), title: 'Open' });
      const later = await makeEvent(t.db, h, { start: at('2033-11-10T16:00:00Z') });
      const friends = await makeEvent(t.db, friendOfReader, { start: at('2033-11-10T12:00:00Z'), auth_view: 'owner_member' });
      // A day's, begun before the span's earliest midnight (14 hours before UTC's): on October 31st and November 1st.
      const running = await makeEvent(t.db, friendOfReader, {
        start: at('2033-10-31T08:00:00Z'),
        end: at('2033-11-01T08:00:00Z'),
        auth_view: 'owner_member',
      });
      const strangers = [{ date: '2033-11-10', total: 2, ids: [open, later] }];
      const first = await get(t, stranger, URL, q);
      expect(days(first.body)).toEqual(strangers);
      // The reader's friend's events are theirs alone: one begun the day before the span, one on the 10th.
      expect(days((await get(t, readerToken, URL, q)).body)).toEqual([
        { date: '2033-11-01', total: 1, ids: [running] },
        { date: '2033-11-10', total: 3, ids: [open, friends] },
      ]);
      const again = await get(t, stranger, URL, q);
      expect(again.body).toEqual(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(days((await get(t, another, URL, q)).body)).toEqual(strangers);
      expect(days((await get(t, readerToken, URL, q)).body)[1]).toEqual({ date: '2033-11-10', total: 3, ids: [open, friends] });
      // Each offset and each set of fields is an answer of its own.
      expect(days((await get(t, stranger, URL, { ...q, offset: 1 })).body)).toEqual([{ date: '2033-11-10', total: 2, ids: [later] }]);
      const titles = { ...q, fields: 'id,title' };
      expect((await get(t, stranger, URL, titles)).body.data.days[0].events[0]).toEqual({ id: open, title: 'Open' });
      expect(days((await get(t, stranger, URL, q)).body)).toEqual(strangers);
      // Any change to the events is read again: a title, then the friend's event opened to everyone.
      await t.db.updateTable('events').set({ title: 'Moved on' }).where('id', '=', open).execute();
      expect((await get(t, another, URL, titles)).body.data.days[0].events[0]).toEqual({ id: open, title: 'Moved on' });
      await t.db.updateTable('events').set({ auth_view: 'everyone' }).where('id', '=', friends).execute();
      expect(days((await get(t, stranger, URL, q)).body)).toEqual([{ date: '2033-11-10', total: 3, ids: [open, friends] }]);
    });

    it('counts the first events by start when more run into the span than it reads', async () => {
      const h = await host();
      // 5,002 events of a day begun on the morning of January 31st (before the span's earliest
      // midnight, 14 hours before UTC's), each running into February 1st; the latest written first,
      // so that a read in the order the rows are stored meets the latest first.
      const begin = at('2034-01-31T09:00:00Z');
      const rows = Array.from({ length: 5002 }, (_, i) => eventRow(h, { start: begin - i, end: begin - i + 86_400, created_at: begin }));
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500)
        ids.push(
          ...(
            await t.db
              .insertInto('events')
              .values(rows.slice(i, i + 500))
              .returning('id')
              .execute()
          ).map((r) => r.id),
        );
      const res = await get(t, readerToken, URL, { from: '2034-02-01', to: '2034-02-02', tz: 'UTC', per_day: 2 });
      expect(res.body.data.capped).toBe(true);
      // The earliest two: the last two written.
      expect(days(res.body)).toEqual([{ date: '2034-02-01', total: 5000, ids: [ids[5001]!, ids[5000]!] }]);
      await t.db.deleteFrom('events').where('owner_id', '=', h).execute();
    });

    it('puts events begun before the span on its first days, each kind for whom it is', async () => {
      const h = await host();
      const stranger = await tokenFor(t.db, await host());
      const q = { from: '2033-09-01', to: '2033-09-30', tz: 'UTC' };
      // Both run from late August to the 2nd of September: one open to all, one for the reader's friend's friends.
      const open = await makeEvent(t.db, h, { start: at('2033-08-25T10:00:00Z'), end: at('2033-09-02T10:00:00Z') });
      const friends = await makeEvent(t.db, friendOfReader, {
        start: at('2033-08-26T10:00:00Z'),
        end: at('2033-09-02T10:00:00Z'),
        auth_view: 'owner_member',
      });
      for (let round = 0; round < 2; round += 1) {
        expect(days((await get(t, readerToken, URL, q)).body)).toEqual([
          { date: '2033-09-01', total: 2, ids: [open, friends] },
          { date: '2033-09-02', total: 2, ids: [open, friends] },
        ]);
        expect(days((await get(t, stranger, URL, q)).body)).toEqual([
          { date: '2033-09-01', total: 1, ids: [open] },
          { date: '2033-09-02', total: 1, ids: [open] },
        ]);
      }
    });

    it('is read again after any change that moves, hides or removes an event, whichever path wrote it', async () => {
      const h = await host();
      const q = { from: '2033-06-01', to: '2033-06-30', tz: 'UTC' };
      const read = async (token = readerToken) => days((await get(t, token, URL, q)).body);
      expect(await read()).toEqual([]);
      // Written to the database directly, as another API instance of a cluster would.
      const id = await makeEvent(t.db, h, { start: at('2033-06-05T10:00:00Z'), title: 'Before' });
      expect(await read()).toEqual([{ date: '2033-06-05', total: 1, ids: [id] }]);
      // Its words as they are now, whatever was kept.
      const title = async () => (await get(t, readerToken, URL, { ...q, fields: 'id,title,location' })).body.data.days[0].events[0];
      expect(await title()).toEqual({ id, title: 'Before', location: '' });
      await t.db.updateTable('events').set({ title: 'After', location: 'Lyon' }).where('id', '=', id).execute();
      expect(await title()).toEqual({ id, title: 'After', location: 'Lyon' });
      await t.db
        .updateTable('events')
        .set({ start_time: at('2033-06-07T15:00:00Z'), end_time: at('2033-06-08T15:00:00Z') })
        .where('id', '=', id)
        .execute();
      expect(await read()).toEqual([
        { date: '2033-06-07', total: 1, ids: [id] },
        { date: '2033-06-08', total: 1, ids: [id] },
      ]);
      // In Tokyo that is the whole of the 8th: an all-day event, on its date alone.
      await t.db.updateTable('events').set({ timezone: 'Asia/Tokyo' }).where('id', '=', id).execute();
      expect(await read()).toEqual([{ date: '2033-06-08', total: 1, ids: [id] }]);
      await t.db.updateTable('events').set({ allow_search: 0 }).where('id', '=', id).execute();
      expect(await read()).toEqual([]);
      await t.db.updateTable('events').set({ allow_search: 1, auth_view: 'owner' }).where('id', '=', id).execute();
      expect(await read()).toEqual([]);
      await t.db.updateTable('events').set({ auth_view: 'everyone' }).where('id', '=', id).execute();
      expect(await read(clientToken)).toEqual([{ date: '2033-06-08', total: 1, ids: [id] }]);
      await t.db.updateTable('events').set({ auth_view: 'registered' }).where('id', '=', id).execute();
      expect(await read(clientToken)).toEqual([]);
      expect(await read()).toEqual([{ date: '2033-06-08', total: 1, ids: [id] }]);
      // Through the API: the owner deletes it.
      const del = await call(t.app, await tokenFor(t.db, h), { method: 'DELETE', url: `/api/v1/events/${id}` });
      expect(del.status).toBe(200);
      expect(await read()).toEqual([]);
      // A member's deletion takes their events with it.
      const gone = await host();
      await makeEvent(t.db, gone, { start: at('2033-06-20T10:00:00Z') });
      expect(await read()).toHaveLength(1);
      await t.db.deleteFrom('users').where('id', '=', gone).execute();
      expect(await read()).toEqual([]);
    });
  });
});
