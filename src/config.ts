// The hub's settings: one zod schema over the environment, parsed once at start-up and frozen.

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * A setting that is a comma-separated list: each entry read by `entry` (null refuses it); the
 * first refused entry is named in the message, quoted.
 */
function commaList(entry: (text: string) => string | null, message: (bad: string) => string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const entries = (v ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const read = entries.map(entry);
      const bad = entries.find((_, i) => read[i] === null);
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: message(JSON.stringify(bad)) });
        return z.NEVER;
      }
      return read as string[];
    });
}

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * One FETCH_ALLOW_HOSTS entry in the form the safe fetcher compares against a URL: the host as
 * URL parsing normalises it (lower case, IPv6 in brackets, numeric IPv4 spelled out) and an
 * explicit port. Null when the entry is not a host:port.
 */
function allowedHostEntry(entry: string): string | null {
  const match = /^(\[[^\]]+\]|[^:[\]/?#@\s]+):(\d{1,5})$/.exec(entry);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  try {
    const hostname = new URL(`http://${match[1]}/`).hostname.replace(/\.$/, '');
    return hostname ? `${hostname}:${port}` : null;
  } catch {
    return null;
  }
}

/**
 * One ALLOWED_HOSTS entry as the host check compares it: a host name in lower case without its
 * final dot, `.name` for the name and every name under it (`*.name` is written so too), or `*`
 * for any name. Null when the entry is not one of those (a port, a scheme or a path included).
 */
function allowedNameEntry(entry: string): string | null {
  if (entry === '*') return entry;
  const value = entry.toLowerCase().replace(/\.$/, '');
  const name = value.replace(/^\*?\./, '');
  if (!/^[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*$/.test(name) || name.length > 253) return null;
  return name === value ? name : `.${name}`;
}

/**
 * AVATAR_SERVICE_URL: an http(s) URL template with {username} (and usually {platform}) in it. The
 * placeholders are filled in later, so the URL is checked with them replaced by sample values.
 */
const avatarTemplate = optionalText.refine((v) => {
  if (v === undefined) return true;
  if (!v.includes('{username}')) return false;
  try {
    const url = new URL(v.replaceAll('{platform}', 'instagram').replaceAll('{username}', 'someone'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL template with {username} (and {platform}), such as https://avatars.example/{platform}/{username}');

/** Bun's request-body ceiling (its default is 128 MiB); uploads stream, so this is about abuse, not memory. */
/** The lockout period when neither SITE_LOCKOUT_HOURS nor the setup page chose one. */
export const DEFAULT_LOCKOUT_HOURS = 24;

export const MAX_REQUEST_BODY_BYTES = 64 * 1024 ** 3;

/** libx264's presets, fastest first: a slower one makes smaller files of the same quality. */
export const TRANSCODE_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'] as const;
export type TranscodePreset = (typeof TRANSCODE_PRESETS)[number];

/** Every setting, with its default. docs/operations.md documents each one; keep the two in step. */
export const settingsSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent'], { message: 'must be one of debug, info, warn, error, silent' }).default('info'),
  STORAGE_DRIVER: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: optionalText.pipe(z.url({ message: 'must be a URL such as http://minio:9000' }).optional()),
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  SITE_PASSWORD: optionalText,
  SITE_LOCKOUT_HOURS: z.coerce
    .number({ message: 'must be a number of hours, such as 24 or 0.5 (0 turns the lockout off)' })
    .min(0, 'must be 0 or more (0 turns the lockout off)')
    .max(87_600, 'must be at most 87600 (ten years)')
    .optional(),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  LOGIN_MAX_ATTEMPTS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number({ message: 'must be a number of minutes' }).positive('must be more than 0').default(15),
  REQUIRE_2FA: z.enum(['off', 'admins', 'all'], { message: "must be 'off', 'admins' or 'all'" }).default('off'),
  TRUST_PROXY: booleanText.default(false),
  PUBLIC_URL: optionalText.refine((v) => {
    if (v === undefined) return true;
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be the http(s) address the hub is reached at, such as https://hub.example.org'),
  FETCH_ALLOW_HOSTS: commaList(allowedHostEntry, (bad) => `must be comma-separated host:port entries such as nas.local:8080 (${bad} is not)`),
  AVATAR_SERVICE_URL: avatarTemplate,
  ALLOWED_HOSTS: commaList(
    allowedNameEntry,
    (bad) => `must be comma-separated host names such as nas.lan,media.example.org or .example.org for every name under it, without a port (${bad} is not)`,
  ),
  MAX_UPLOAD_BYTES: z.coerce
    .number({ message: 'must be a whole number of bytes, such as 21474836480 (20 GiB)' })
    .int('must be a whole number of bytes, such as 21474836480 (20 GiB)')
    .min(1, 'must be at least 1')
    .max(MAX_REQUEST_BODY_BYTES, `must be at most ${MAX_REQUEST_BODY_BYTES} (64 GiB)`)
    .default(20 * 1024 ** 3),
  PROCESSING_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .optional(),
  TRANSCODE_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(1),
  TRANSCODE_MAX_HEIGHT: z.coerce
    .number({ message: 'must be a whole number of lines, such as 1080 or 720' })
    .int('must be a whole number of lines, such as 1080 or 720')
    .min(144, 'must be at least 144')
    .max(4320, 'must be at most 4320')
    .default(1080),
  TRANSCODE_PRESET: z.enum(TRANSCODE_PRESETS, { message: `must be one of ${TRANSCODE_PRESETS.join(', ')}` }).default('veryfast'),
  TRANSCODE_CRF: z.coerce
    .number({ message: 'must be a whole number from 0 to 51 (lower is better and bigger)' })
    .int('must be a whole number from 0 to 51 (lower is better and bigger)')
    .min(0, 'must be a whole number from 0 to 51 (lower is better and bigger)')
    .max(51, 'must be a whole number from 0 to 51 (lower is better and bigger)')
    .default(23),
  MAX_RESERVED_UPLOAD_BYTES: z.coerce
    .number({ message: 'must be a whole number of bytes, such as 42949672960 (40 GiB)' })
    .int('must be a whole number of bytes, such as 42949672960 (40 GiB)')
    .min(1, 'must be at least 1')
    .optional(),
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number({ message: 'must be a number of hours, such as 24' })
    .min(1, 'must be at least 1')
    .max(8_760, 'must be at most 8760 (a year)')
    .default(24),
  RECYCLE_BIN_DAYS: z.coerce
    .number({ message: 'must be a number of days (0 keeps deleted media until emptied by hand)' })
    .min(0, 'must be 0 or more (0 keeps deleted media until emptied by hand)')
    .max(36_500, 'must be at most 36500')
    .default(30),
  SIMILAR_MAX_DISTANCE: z.coerce
    .number({ message: 'must be a whole number of bits from 0 to 32' })
    .int('must be a whole number of bits from 0 to 32')
    .min(0, 'must be a whole number of bits from 0 to 32')
    .max(32, 'must be a whole number of bits from 0 to 32')
    .default(8),
  LIBRARY_ROOTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const roots = (v ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const relative = roots.find((root) => !path.isAbsolute(root));
      if (relative !== undefined) {
        ctx.addIssue({ code: 'custom', message: `must be comma-separated absolute folders such as /library (${JSON.stringify(relative)} is not absolute)` });
        return z.NEVER;
      }
      return roots.map((root) => path.resolve(root));
    }),
  LIBRARY_SCAN_MINUTES: z.coerce
    .number({ message: 'must be a number of minutes (0 scans libraries by hand only)' })
    .min(0, 'must be 0 or more (0 scans libraries by hand only)')
    .max(525_600, 'must be at most 525600 (a year)')
    .default(60),
  LIBRARY_WATCH: booleanText.default(true),
  DISCREET_TITLE: z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters').default('Notes'),
  VAULT_KEY: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) ? Buffer.from(v, 'base64') : null;
    if (bytes?.length === 32) return new Uint8Array(bytes);
    ctx.addIssue({ code: 'custom', message: 'must be the base64 of exactly 32 bytes, such as the output of: openssl rand -base64 32' });
    return z.NEVER;
  }),
});

export type Settings = z.infer<typeof settingsSchema>;

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder: database, local media, secret key. */
  dataDir: string;
  databaseFile: string;
  mediaDir: string;
  logLevel: Settings['LOG_LEVEL'];
  storage: { driver: 'local' } | ({ driver: 's3' } & S3Settings);
  site: {
    /** From SITE_PASSWORD; when absent the stored one (CLI or first-run setup) applies. */
    password?: string;
    /**
     * Hours the site stays open after each lockout reset; 0 turns the lockout off. From
     * SITE_LOCKOUT_HOURS, else 24; without the setting, the period chosen on the setup page (stored)
     * applies instead (see the gate service).
     */
    lockoutHours: number;
    /** Whether SITE_LOCKOUT_HOURS is set: then it wins over the period chosen on the setup page. */
    lockoutHoursSet: boolean;
  };
  /** First admin, created at start-up when no user exists. */
  bootstrapAdmin?: { username: string; password: string };
  /** Failed site-password and sign-in attempts allowed per client address within the window. */
  loginLimit: { maxAttempts: number; windowMs: number };
  /** REQUIRE_2FA: who must turn two-factor sign-in on before doing anything else once signed in. */
  require2fa: 'off' | 'admins' | 'all';
  /** Behind a reverse proxy: take the client address from X-Forwarded-For and the scheme from X-Forwarded-Proto. */
  trustProxy: boolean;
  /**
   * PUBLIC_URL's origin (scheme, host, port): where the hub is reached. Passkeys are bound to its
   * host name; unset, they are bound to the Host each request names (so localhost works).
   */
  publicUrl?: string;
  /**
   * ALLOWED_HOSTS: host names the hub answers to besides its own (loopback, IP addresses, the
   * machine's name, PUBLIC_URL's host); `.name` covers every name under it, `*` any name.
   */
  allowedHosts: readonly string[];
  /** Internal host:port entries the safe fetcher may reach although their address is not public. */
  fetchAllowHosts: readonly string[];
  /**
   * The avatar service's URL template ({platform}, {username}); unset, no model picture ever
   * points at a third party (asking one tells it whom the household follows).
   */
  avatarServiceUrl?: string;
  media: {
    /** Largest accepted upload, per file, in bytes. */
    maxUploadBytes: number;
    /**
     * Bytes one member's unfinished resumable uploads may still expect at once (MAX_RESERVED_UPLOAD_BYTES;
     * twice MAX_UPLOAD_BYTES unless set): what they reserve of the disk for everyone.
     */
    maxReservedUploadBytes: number;
    /** Hours an unfinished resumable upload (tus) is kept before its bytes are swept away. */
    uploadExpiryHours: number;
    /** Processing jobs (thumbnails, posters, probes) that run at once. */
    processingConcurrency: number;
    /** Days an item stays in the recycling bin before it is purged; 0 keeps it until deleted by hand. */
    recycleBinDays: number;
    /** Bits two perceptual hashes (of 64) may differ in for the items to be similar duplicates. */
    similarMaxDistance: number;
    /** Converting videos browsers cannot play (decision 0037). */
    transcode: TranscodeSettings;
  };
  /** VAULT_KEY, decoded (32 bytes); without it the vault key is DATA_DIR/secret.key. */
  vaultKey?: Uint8Array;
  /** DISCREET_TITLE: every page's title while its viewer has discreet mode on. */
  discreetTitle: string;
  /** Library folders, indexed where they are (issue 20). */
  libraries: {
    /** LIBRARY_ROOTS: absolute folders under which a library may be added; none by default. */
    roots: readonly string[];
    /** LIBRARY_SCAN_MINUTES: minutes between rescans of every library; 0 scans by hand only. */
    scanMinutes: number;
    /** LIBRARY_WATCH: whether the hub watches library folders for changes (a rescan a few seconds after them). */
    watch: boolean;
  };
}

export interface TranscodeSettings {
  /** Conversions that run at once, on workers of their own. */
  concurrency: number;
  /** A converted video's shorter side is at most this many lines (never upscaled). */
  maxHeight: number;
  /** libx264's preset. */
  preset: TranscodePreset;
  /** libx264's constant rate factor (quality-based rate control). */
  crf: number;
}

/** What conversion uses when nothing is set (tests and the CLI build their services with it too). */
export const DEFAULT_TRANSCODE: Readonly<TranscodeSettings> = Object.freeze({ concurrency: 1, maxHeight: 1080, preset: 'veryfast', crf: 23 });

/** An invalid setting; its message is one line that names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function describeValue(env: Record<string, string | undefined>, name: string): string {
  const value = env[name];
  if (value === undefined) return '';
  // Never echo secrets back, even in an error message.
  if (/SECRET|PASSWORD|KEY/.test(name)) return '';
  return ` (got ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)})`;
}

/** Parses the environment into a frozen Config, or throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Readonly<Config> {
  // Empty strings count as unset, as in most .env tooling and compose files.
  const present = Object.fromEntries(Object.keys(settingsSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${issue.message}${describeValue(present, name)}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const s = parsed.data;

  let storage: Config['storage'] = { driver: 'local' };
  if (s.STORAGE_DRIVER === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !s[k]);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: ${missing.map((k) => `${k} is required when STORAGE_DRIVER=s3`).join('; ')}`);
    }
    storage = {
      driver: 's3',
      region: s.S3_REGION,
      bucket: s.S3_BUCKET!,
      accessKeyId: s.S3_ACCESS_KEY_ID!,
      secretAccessKey: s.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: s.S3_FORCE_PATH_STYLE,
      ...(s.S3_ENDPOINT ? { endpoint: s.S3_ENDPOINT } : {}),
    };
  }

  if (Boolean(s.ADMIN_USERNAME) !== Boolean(s.ADMIN_PASSWORD)) {
    const missing = s.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME';
    throw new ConfigError(`Invalid configuration: ${missing} is required when ${missing === 'ADMIN_PASSWORD' ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD'} is set`);
  }

  if (s.MAX_RESERVED_UPLOAD_BYTES !== undefined && s.MAX_RESERVED_UPLOAD_BYTES < s.MAX_UPLOAD_BYTES) {
    throw new ConfigError(
      `Invalid configuration: MAX_RESERVED_UPLOAD_BYTES must be at least MAX_UPLOAD_BYTES (${s.MAX_UPLOAD_BYTES}), or no member could send the largest file (got ${s.MAX_RESERVED_UPLOAD_BYTES})`,
    );
  }

  const dataDir = path.resolve(cwd, s.DATA_DIR);
  return Object.freeze({
    port: s.PORT,
    host: s.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'hub.sqlite'),
    mediaDir: path.join(dataDir, 'media'),
    logLevel: s.LOG_LEVEL,
    storage: Object.freeze(storage),
    site: Object.freeze({
      lockoutHours: s.SITE_LOCKOUT_HOURS ?? DEFAULT_LOCKOUT_HOURS,
      lockoutHoursSet: s.SITE_LOCKOUT_HOURS !== undefined,
      ...(s.SITE_PASSWORD ? { password: s.SITE_PASSWORD } : {}),
    }),
    ...(s.ADMIN_USERNAME && s.ADMIN_PASSWORD ? { bootstrapAdmin: Object.freeze({ username: s.ADMIN_USERNAME, password: s.ADMIN_PASSWORD }) } : {}),
    loginLimit: Object.freeze({ maxAttempts: s.LOGIN_MAX_ATTEMPTS, windowMs: s.LOGIN_WINDOW_MINUTES * 60_000 }),
    require2fa: s.REQUIRE_2FA,
    trustProxy: s.TRUST_PROXY,
    ...(s.PUBLIC_URL ? { publicUrl: new URL(s.PUBLIC_URL).origin } : {}),
    fetchAllowHosts: Object.freeze(s.FETCH_ALLOW_HOSTS),
    allowedHosts: Object.freeze(s.ALLOWED_HOSTS),
    ...(s.AVATAR_SERVICE_URL ? { avatarServiceUrl: s.AVATAR_SERVICE_URL } : {}),
    media: Object.freeze({
      maxUploadBytes: s.MAX_UPLOAD_BYTES,
      maxReservedUploadBytes: s.MAX_RESERVED_UPLOAD_BYTES ?? 2 * s.MAX_UPLOAD_BYTES,
      uploadExpiryHours: s.UPLOAD_EXPIRY_HOURS,
      processingConcurrency: s.PROCESSING_CONCURRENCY ?? Math.max(1, availableParallelism() - 1),
      recycleBinDays: s.RECYCLE_BIN_DAYS,
      similarMaxDistance: s.SIMILAR_MAX_DISTANCE,
      transcode: Object.freeze({
        concurrency: s.TRANSCODE_CONCURRENCY,
        maxHeight: s.TRANSCODE_MAX_HEIGHT,
        preset: s.TRANSCODE_PRESET,
        crf: s.TRANSCODE_CRF,
      }),
    }),
    ...(s.VAULT_KEY ? { vaultKey: s.VAULT_KEY } : {}),
    discreetTitle: s.DISCREET_TITLE,
    libraries: Object.freeze({ roots: Object.freeze(s.LIBRARY_ROOTS), scanMinutes: s.LIBRARY_SCAN_MINUTES, watch: s.LIBRARY_WATCH }),
  });
}
