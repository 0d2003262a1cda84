import path from 'node:path';

export const ALL_SCOPES = [
  'basic',
  'settings',
  'activities',
  'albums',
  'friends',
  'messages',
  'videos',
  'blogs',
  'groups',
  'music',
  'classifieds',
  'events',
] as const;
export type Scope = (typeof ALL_SCOPES)[number];

export const ALL_GRANTS = ['authorization_code', 'refresh_token', 'implicit', 'password', 'client_credentials'] as const;
export type Grant = (typeof ALL_GRANTS)[number];

const DEV_CLIENT_SECRET = 'dev-web-client-secret-change-me';

export interface Config {
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL's address (DATABASE_URL, postgres://…); null: SQLite in dataDir. */
  databaseUrl: string | null;
  webOrigin: string;
  clientId: string;
  clientSecret: string;
  /** Largest non-multipart request body, bytes. */
  bodyLimit: number;
  /** Largest uploaded file, bytes. */
  uploadMaxBytes: number;
  /** Names of the two external identity providers the password grant accepts. */
  providers: [string, string];
  linkPreviewAllowPrivate: boolean;
  /** Secret for CSRF tokens of the site's own forms (derived when not set). */
  siteSecret: string;
  /** Seconds between two sweeps of abandoned uploads (routes/albums/pending-uploads.ts). */
  uploadSweepSeconds: number;
  /**
   * The load balancers in front of the API (TRUST_PROXY: comma-separated addresses or CIDR
   * ranges): a request from one of them is taken to come from the address its X-Forwarded-For
   * names (the sign-in throttle counts failures per address). Empty: the connection's own address.
   */
  trustProxy: string[];
  /** Largest uploaded video, bytes (VIDEO_MAX_BYTES), streamed to disk as it arrives. */
  videoMaxBytes: number;
  /** The ffmpeg and ffprobe programs (FFMPEG_PATH, FFPROBE_PATH): found on PATH by default. */
  ffmpegPath: string;
  ffprobePath: string;
  /**
   * Whether this process runs a media worker (MEDIA_WORKER=0 turns it off): server.ts starts it
   * when ffmpeg is found. Tests build the app without one and start one where they need it.
   */
  mediaWorker: boolean;
  /**
   * Whether this process keeps SQLite's search tables in shape while it runs (SEARCH_UPKEEP=0
   * turns it off: db/search/sqlite-upkeep.ts). The fuzz suite turns it off, whose check is that a
   * refused request writes nothing.
   */
  searchUpkeep: boolean;
  /** Seconds one conversion may run before ffmpeg is killed and the video fails (VIDEO_CONVERT_TIMEOUT). */
  videoConvertSeconds: number;
  /** Longest video accepted, seconds (VIDEO_MAX_DURATION): a longer one fails its conversion. */
  videoMaxDuration: number;
  /** Largest uploaded song, bytes (SONG_MAX_BYTES), streamed to disk as it arrives. */
  songMaxBytes: number;
  /** Longest song accepted, seconds (SONG_MAX_DURATION): a longer one fails its conversion. */
  songMaxDuration: number;
  /** Seconds without a worker's heartbeat after which its claimed job is taken again (MEDIA_JOB_STALE_SECONDS). */
  mediaJobStaleSeconds: number;
  /** The oEmbed endpoints link videos are resolved through (VIDEO_OEMBED_YOUTUBE, VIDEO_OEMBED_VIMEO). */
  oembed: { youtube: string; vimeo: string };
}

function int(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`);
  return n;
}

function url(name: string, value: string | undefined, fallback: string): string {
  const v = value || fallback;
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${v}"`);
  }
  return v.replace(/\/+$/, '');
}

function databaseUrl(value: string | undefined): string | null {
  if (!value) return null;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error('DATABASE_URL must be a postgres:// URL (unset: SQLite in DATA_DIR)');
  }
  return value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const secret = env.OAUTH_CLIENT_SECRET || DEV_CLIENT_SECRET;
  if (env.NODE_ENV === 'production' && !env.OAUTH_CLIENT_SECRET) {
    console.warn(
      '\n!!! WARNING: OAUTH_CLIENT_SECRET is not set; the web client uses the public development secret.\n' +
        '!!! Anyone can impersonate the web client. Set OAUTH_CLIENT_SECRET in production.\n',
    );
  }
  return {
    host: env.API_HOST || '127.0.0.1',
    port: int('API_PORT', env.API_PORT, 4000),
    publicUrl: url('API_PUBLIC_URL', env.API_PUBLIC_URL, 'http://localhost:4000'),
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    webOrigin: url('WEB_ORIGIN', env.WEB_ORIGIN, 'http://localhost:3000'),
    clientId: env.OAUTH_CLIENT_ID || 'web',
    clientSecret: secret,
    bodyLimit: int('API_BODY_LIMIT', env.API_BODY_LIMIT, 1024 * 1024),
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024),
    providers: [env.OAUTH_PROVIDER_A || 'facebook', env.OAUTH_PROVIDER_B || 'twitter'],
    linkPreviewAllowPrivate: env.LINK_PREVIEW_ALLOW_PRIVATE === '1',
    siteSecret: env.SITE_SECRET || `site:${secret}`,
    uploadSweepSeconds: int('UPLOAD_SWEEP_SECONDS', env.UPLOAD_SWEEP_SECONDS, 60 * 60, 1),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    videoMaxBytes: int('VIDEO_MAX_BYTES', env.VIDEO_MAX_BYTES, 200 * 1024 * 1024, 1),
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    mediaWorker: env.MEDIA_WORKER !== '0',
    searchUpkeep: env.SEARCH_UPKEEP !== '0',
    videoConvertSeconds: int('VIDEO_CONVERT_TIMEOUT', env.VIDEO_CONVERT_TIMEOUT, 15 * 60, 1),
    videoMaxDuration: int('VIDEO_MAX_DURATION', env.VIDEO_MAX_DURATION, 60 * 60, 1),
    songMaxBytes: int('SONG_MAX_BYTES', env.SONG_MAX_BYTES, 50 * 1024 * 1024, 1),
    songMaxDuration: int('SONG_MAX_DURATION', env.SONG_MAX_DURATION, 30 * 60, 1),
    mediaJobStaleSeconds: int('MEDIA_JOB_STALE_SECONDS', env.MEDIA_JOB_STALE_SECONDS, 120, 5),
    oembed: {
      youtube: url('VIDEO_OEMBED_YOUTUBE', env.VIDEO_OEMBED_YOUTUBE, 'https://www.youtube.com/oembed'),
      vimeo: url('VIDEO_OEMBED_VIMEO', env.VIDEO_OEMBED_VIMEO, 'https://vimeo.com/api/oembed.json'),
    },
    ...overrides,
  };
}
