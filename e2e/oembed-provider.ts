// The end-to-end tests' YouTube and Vimeo oEmbed provider, on loopback (the machine has no route
// to the internet, and the tests must never use it): the API resolves link videos through it
// (VIDEO_OEMBED_YOUTUBE, VIDEO_OEMBED_VIMEO in playwright.config.ts). The same provider as the
// API's own tests (api-server/test/routes/videos/video-fixtures.ts), on the port the config gives.
import { startProvider } from '../api-server/test/routes/videos/video-fixtures.ts';
import { OEMBED_PORT } from './servers.ts';

const provider = await startProvider(OEMBED_PORT);
const stop = () => void provider.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
