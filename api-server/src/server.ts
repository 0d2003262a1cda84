import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { logFormat } from './logging.ts';
import { openDatabase } from './db/index.ts';
import { ensureWebClient } from './oauth/clients.ts';
import { ensureLegacyApp } from './legacy/apps.ts';
import { ffmpegAvailable } from './media/ffmpeg.ts';
import { createMediaWorker } from './media/worker.ts';

const config = loadConfig();
const { db } = await openDatabase(config);
await ensureWebClient(db, config);
await ensureLegacyApp(db, config);
const app = await buildApp({ config, db, log: { format: logFormat(process.env), level: process.env.LOG_LEVEL || 'info' } });

// Uploaded videos are converted by a worker in every instance that has ffmpeg (MEDIA_WORKER=0: none here).
if (config.mediaWorker && (await ffmpegAvailable(config.ffmpegPath))) {
  const worker = createMediaWorker({ db, config, log: (msg, err) => app.log.error({ err }, msg) });
  app.mediaWorker = worker;
  worker.start();
  app.log.info('media worker started');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  await app.mediaWorker?.stop();
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
