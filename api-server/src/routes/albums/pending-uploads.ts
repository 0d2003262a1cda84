import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { deleteStalePendingUploads } from '../../data/albums.ts';
import { deleteImage } from '../../storage/images.ts';

// An upload of POST /albums/photo_upload waits, in no album, for POST /albums/upload to put it
// into one (or for a post to attach it). One abandoned there (the tab closed before saving) would
// stay for ever, so the server sweeps them away by itself. It is the only upload that waits:
// compose_upload puts its photo into the user's special album at once, a listing's photos and
// an event's picture are stored with their saved listing or event. None of those is touched.

/** How long a pending upload waits to be put into an album (or attached to a post) before it is removed. */
export const PENDING_UPLOAD_TTL_S = 24 * 60 * 60;
/** Most uploads one transaction of a sweep removes: a long backlog goes in several, with requests between. */
const SWEEP_BATCH = 100;

/**
 * Removes every pending upload nobody used: in no album, attached to no post, older than
 * PENDING_UPLOAD_TTL_S at `t`; their files go after their rows. Answers how many went.
 */
async function sweepPendingUploads(db: DB, dataDir: string, t: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const gone = await deleteStalePendingUploads(db, { olderThan: t - PENDING_UPLOAD_TTL_S, limit: SWEEP_BATCH });
    for (const r of gone) await deleteImage(dataDir, r.image_key);
    removed += gone.length;
    if (gone.length < SWEEP_BATCH) return removed;
  }
}

/**
 * The server's own sweep (docs/api.md, "Conventions": Photos): once when the app is ready, then every
 * config.uploadSweepSeconds, whether or not anyone uploads. The timer never keeps the process
 * alive and stops with the app; a sweep under way finishes before the app closes. One sweep at
 * a time: a tick that finds one still running lets it be.
 */
export function sweepPendingUploadsPeriodically(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepPendingUploads(app.db, app.config.dataDir, now())
      .then((n) => {
        if (n) app.log.info(`removed ${n} abandoned upload(s)`);
      })
      .catch((err: unknown) => {
        app.log.warn({ err }, 'could not remove abandoned uploads');
      })
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, app.config.uploadSweepSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
