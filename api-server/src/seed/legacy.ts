import { insertPlaylist, openPlaylistValues } from '../data/music.ts';
import { addMessage, createConversation } from '../domain/messages.ts';
import { fileStore } from '../storage/images.ts';
import type { SeedContext } from './context.ts';

/**
 * Demo data of the legacy token API: songs with real (tiny, generated) audio files, and mail (conversations),
 * some of it unread. Notifications come from the likes and comments of the core seed.
 */

const RATE = 22_050;

/** A short tune as a 16-bit mono WAV: notes (Hz) of `beat` seconds each, with soft edges. */
export function tuneWav(notes: number[], beat = 0.3): Buffer {
  const perNote = Math.round(RATE * beat);
  const samples = notes.length * perNote;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // PCM header size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  notes.forEach((freq, n) => {
    for (let i = 0; i < perNote; i++) {
      const t = i / RATE;
      // 10 ms attack, then a gentle decay: no clicks between notes.
      const env = Math.min(1, i / (RATE * 0.01)) * Math.exp(-3 * (i / perNote));
      const v = freq > 0 ? 0.35 * env * (Math.sin(2 * Math.PI * freq * t) + 0.3 * Math.sin(4 * Math.PI * freq * t)) : 0;
      wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), 44 + (n * perNote + i) * 2);
    }
  });
  return wav;
}

// Note frequencies of one octave and a bit (C4…E5).
const N = { C: 261.63, D: 293.66, E: 329.63, F: 349.23, G: 392.0, A: 440.0, B: 493.88, C5: 523.25, D5: 587.33, E5: 659.25 };

const SONGS: Array<{ owner: number; title: string; notes: number[]; beat?: number }> = [
  { owner: 0, title: 'Morning Steps', notes: [N.C, N.E, N.G, N.C5, N.G, N.E] },
  { owner: 0, title: 'Rainy Window', notes: [N.A, N.G, N.E, N.D, N.E, N.C], beat: 0.35 },
  { owner: 0, title: 'Bike to Work', notes: [N.D, N.F, N.A, N.D5, N.A, N.F, N.D], beat: 0.22 },
  { owner: 1, title: 'Lake Song', notes: [N.E, N.G, N.A, N.B, N.A, N.G], beat: 0.32 },
  { owner: 1, title: 'Paris at Night', notes: [N.C5, N.B, N.A, N.G, N.F, N.E, N.D, N.C], beat: 0.2 },
  { owner: 2, title: 'Snow Day', notes: [N.G, N.G, N.E5, N.D5, N.C5], beat: 0.3 },
];

const MAIL = [
  { from: 1, to: 0, subject: 'Saturday hike?', body: 'Are you still up for the ridge walk on Saturday? I can drive.', read: false },
  { from: 2, to: 0, subject: 'The bike', body: 'I fixed the back wheel. Come and pick it up whenever you like.', read: false },
  { from: 3, to: 0, subject: 'Recipe', body: 'Here is the sourdough recipe I promised: flour, water, salt, patience.', read: false },
  {
    from: 4,
    to: 0,
    subject: 'Photos from the party',
    body: 'I uploaded the photos from Friday. You look great in all of them.',
    read: true,
  },
  { from: 5, to: 0, subject: 'Thanks!', body: 'Thank you for the book, I finished it in two days.', read: true },
  { from: 0, to: 1, subject: 'Re: Saturday hike?', body: 'Yes! I will bring sandwiches.', read: false },
  { from: 6, to: 2, subject: 'Board games', body: 'Game night at mine on Friday, bring snacks.', read: false },
];

export async function seedLegacy(ctx: SeedContext): Promise<void> {
  const { db, config, r, t0, users } = ctx;
  ctx.log('seeding songs and mail…');
  const songsOf = new Map<number, number[]>();
  for (const [i, song] of SONGS.entries()) {
    const key = `songs/demo-${i + 1}.wav`;
    await fileStore(config.dataDir).write(key, tuneWav(song.notes, song.beat));
    const row = await db
      .insertInto('songs')
      .values({
        owner_id: users[song.owner]!,
        title: song.title,
        file_key: key,
        play_count: r.int(3, 250),
        created_at: t0 - (SONGS.length - i) * 86_400,
        playlist_id: null,
        duration: Math.round(song.notes.length * (song.beat ?? 0.3)),
        status_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    songsOf.set(users[song.owner]!, [...(songsOf.get(users[song.owner]!) ?? []), row.id]);
  }
  // Each member's songs make a public playlist of the music module (routes/music).
  for (const [ownerId, songIds] of songsOf) {
    await insertPlaylist(db, {
      ownerId,
      songIds,
      values: openPlaylistValues('Little tunes', 'Short melodies made at home.'),
    });
  }
  // The legacy API's mail is the messages module's conversations (migration 016): one each.
  for (const [i, m] of MAIL.entries()) {
    const at = t0 - (MAIL.length - i) * 3_600 - r.int(0, 600);
    const [from, to] = [users[m.from]!, users[m.to]!];
    const conversationId = await createConversation(db, { creatorId: from, title: m.subject, memberIds: [to], at });
    await addMessage(db, { conversationId, senderId: from, text: m.body, at });
    if (m.read) {
      await db
        .updateTable('conversation_members')
        .set({ inbox_read: 1 })
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', to)
        .execute();
    }
  }
}
