import { describe, expect, test } from 'bun:test';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ConfigError, DEFAULT_TRANSCODE, loadConfig, settingsSchema } from './config.ts';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/hub');
const failure = (env: Record<string, string>): string => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loadConfig', () => {
  test('defaults: port 3000 on all interfaces, ./data beside the working folder, local media, info logs', () => {
    const config = load({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      require2fa: 'off',
      dataDir: '/srv/hub/data',
      databaseFile: '/srv/hub/data/hub.sqlite',
      mediaDir: '/srv/hub/data/media',
      logLevel: 'info',
      storage: { driver: 'local' },
      site: { lockoutHours: 24, lockoutHoursSet: false },
      loginLimit: { maxAttempts: 5, windowMs: 15 * 60_000 },
      trustProxy: false,
      fetchAllowHosts: [],
      allowedHosts: [],
      media: {
        maxUploadBytes: 20 * 1024 ** 3,
        maxReservedUploadBytes: 40 * 1024 ** 3,
        uploadExpiryHours: 24,
        processingConcurrency: Math.max(1, availableParallelism() - 1),
        recycleBinDays: 30,
        similarMaxDistance: 8,
        transcode: DEFAULT_TRANSCODE,
      },
      libraries: { roots: [], scanMinutes: 60, watch: true },
      discreetTitle: 'Notes',
    });
  });

  test('library settings: absolute roots (resolved), minutes between rescans; a relative root or negative minutes is refused', () => {
    expect(load({ LIBRARY_ROOTS: '/library, /mnt/nas/photos/', LIBRARY_SCAN_MINUTES: '0', LIBRARY_WATCH: 'false' }).libraries).toEqual({
      roots: ['/library', '/mnt/nas/photos'],
      scanMinutes: 0,
      watch: false,
    });
    expect(failure({ LIBRARY_ROOTS: '/library,photos' })).toContain('LIBRARY_ROOTS must be comma-separated absolute folders');
    expect(failure({ LIBRARY_SCAN_MINUTES: '-1' })).toContain('LIBRARY_SCAN_MINUTES must be 0 or more');
    expect(failure({ LIBRARY_WATCH: 'sometimes' })).toContain('LIBRARY_WATCH must be true or false');
  });

  test('media settings: upload limit, processing workers, recycling bin days, similar-duplicates distance', () => {
    const config = load({
      MAX_UPLOAD_BYTES: '1048576',
      UPLOAD_EXPIRY_HOURS: '2',
      PROCESSING_CONCURRENCY: '3',
      RECYCLE_BIN_DAYS: '0',
      SIMILAR_MAX_DISTANCE: '12',
    });
    expect(config.media).toEqual({
      maxUploadBytes: 1048576,
      maxReservedUploadBytes: 2097152,
      uploadExpiryHours: 2,
      processingConcurrency: 3,
      recycleBinDays: 0,
      similarMaxDistance: 12,
      transcode: DEFAULT_TRANSCODE,
    });
    // One member's unfinished uploads: twice the largest file unless set, never less than one largest file.
    expect(load({ MAX_UPLOAD_BYTES: '1048576', MAX_RESERVED_UPLOAD_BYTES: '5000000' }).media.maxReservedUploadBytes).toBe(5_000_000);
    expect(() => load({ MAX_UPLOAD_BYTES: '1048576', MAX_RESERVED_UPLOAD_BYTES: '1000000' })).toThrow(
      'MAX_RESERVED_UPLOAD_BYTES must be at least MAX_UPLOAD_BYTES (1048576), or no member could send the largest file (got 1000000)',
    );
    expect(() => load({ MAX_RESERVED_UPLOAD_BYTES: 'lots' })).toThrow('MAX_RESERVED_UPLOAD_BYTES must be a whole number of bytes');
    expect(load({ SIMILAR_MAX_DISTANCE: '0' }).media.similarMaxDistance).toBe(0);
    expect(load({ SIMILAR_MAX_DISTANCE: '32' }).media.similarMaxDistance).toBe(32);
    for (const bad of ['33', '-1', '4.5', 'eight'])
      expect(failure({ SIMILAR_MAX_DISTANCE: bad })).toContain('SIMILAR_MAX_DISTANCE must be a whole number of bits from 0 to 32');
    expect(failure({ MAX_UPLOAD_BYTES: '20GB' })).toContain('MAX_UPLOAD_BYTES must be a whole number of bytes');
    expect(failure({ MAX_UPLOAD_BYTES: String(65 * 1024 ** 3) })).toContain('MAX_UPLOAD_BYTES must be at most');
    expect(failure({ PROCESSING_CONCURRENCY: '0' })).toContain('PROCESSING_CONCURRENCY must be at least 1');
    expect(failure({ RECYCLE_BIN_DAYS: '-1' })).toContain('RECYCLE_BIN_DAYS must be 0 or more');
    expect(failure({ UPLOAD_EXPIRY_HOURS: '0' })).toContain('UPLOAD_EXPIRY_HOURS must be at least 1');
  });

  test('video conversion: workers, largest size, preset and quality', () => {
    expect(load({}).media.transcode).toEqual({ concurrency: 1, maxHeight: 1080, preset: 'veryfast', crf: 23 });
    expect(load({ TRANSCODE_CONCURRENCY: '2', TRANSCODE_MAX_HEIGHT: '720', TRANSCODE_PRESET: 'medium', TRANSCODE_CRF: '20' }).media.transcode).toEqual({
      concurrency: 2,
      maxHeight: 720,
      preset: 'medium',
      crf: 20,
    });
    expect(failure({ TRANSCODE_CONCURRENCY: '0' })).toContain('TRANSCODE_CONCURRENCY must be at least 1');
    expect(failure({ TRANSCODE_MAX_HEIGHT: '100' })).toContain('TRANSCODE_MAX_HEIGHT must be at least 144');
    expect(failure({ TRANSCODE_PRESET: 'placebo' })).toContain('TRANSCODE_PRESET must be one of ultrafast, superfast, veryfast');
    expect(failure({ TRANSCODE_CRF: '52' })).toContain('TRANSCODE_CRF must be a whole number from 0 to 51');
  });

  test('site gate, lockout, first admin and attempt limits', () => {
    const config = load({
      SITE_PASSWORD: 'open sesame',
      SITE_LOCKOUT_HOURS: '0.5',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'long enough',
      LOGIN_MAX_ATTEMPTS: '3',
      LOGIN_WINDOW_MINUTES: '0.1',
      TRUST_PROXY: 'true',
    });
    expect(config.site).toEqual({ password: 'open sesame', lockoutHours: 0.5, lockoutHoursSet: true });
    expect(config.bootstrapAdmin).toEqual({ username: 'root', password: 'long enough' });
    expect(config.loginLimit).toEqual({ maxAttempts: 3, windowMs: 6000 });
    expect(config.trustProxy).toBe(true);
    expect(load({ SITE_LOCKOUT_HOURS: '0' }).site.lockoutHours).toBe(0);
  });

  test('the first admin needs both a username and a password of 8 characters or more', () => {
    expect(failure({ ADMIN_USERNAME: 'root' })).toBe('Invalid configuration: ADMIN_PASSWORD is required when ADMIN_USERNAME is set');
    expect(failure({ ADMIN_PASSWORD: 'long enough' })).toBe('Invalid configuration: ADMIN_USERNAME is required when ADMIN_PASSWORD is set');
    const short = failure({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'short' });
    expect(short).toBe('Invalid configuration: ADMIN_PASSWORD must be at least 8 characters');
  });

  test('is frozen, so nothing can change a setting after start-up', () => {
    const config = load({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow();
  });

  test('reads every variable, with empty ones counting as unset', () => {
    const config = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/hub',
      LOG_LEVEL: 'warn',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'shh',
      S3_FORCE_PATH_STYLE: 'yes',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseFile).toBe(path.join('/var/lib/hub', 'hub.sqlite'));
    expect(config.logLevel).toBe('warn');
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      bucket: 'media',
      accessKeyId: 'AKIA',
      secretAccessKey: 'shh',
      forcePathStyle: true,
    });
    expect(load({ PORT: '', LOG_LEVEL: '' }).port).toBe(3000);
  });

  test.each([
    ['PORT=abc', { PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number (got "abc")'],
    ['PORT=0', { PORT: '0' }, 'Invalid configuration: PORT must be between 1 and 65535 (got "0")'],
    ['PORT=3000.5', { PORT: '3000.5' }, 'Invalid configuration: PORT must be a whole number (got "3000.5")'],
    ['STORAGE_DRIVER=ftp', { STORAGE_DRIVER: 'ftp' }, 'Invalid configuration: STORAGE_DRIVER must be local or s3 (got "ftp")'],
    ['LOG_LEVEL=loud', { LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of debug, info, warn, error, silent (got "loud")'],
    ['S3_ENDPOINT=minio', { S3_ENDPOINT: 'minio' }, 'Invalid configuration: S3_ENDPOINT must be a URL such as http://minio:9000 (got "minio")'],
    ['SITE_LOCKOUT_HOURS=-1', { SITE_LOCKOUT_HOURS: '-1' }, 'Invalid configuration: SITE_LOCKOUT_HOURS must be 0 or more (0 turns the lockout off) (got "-1")'],
    [
      'SITE_LOCKOUT_HOURS=soon',
      { SITE_LOCKOUT_HOURS: 'soon' },
      'Invalid configuration: SITE_LOCKOUT_HOURS must be a number of hours, such as 24 or 0.5 (0 turns the lockout off) (got "soon")',
    ],
    ['LOGIN_MAX_ATTEMPTS=0', { LOGIN_MAX_ATTEMPTS: '0' }, 'Invalid configuration: LOGIN_MAX_ATTEMPTS must be at least 1 (got "0")'],
    ['TRUST_PROXY=perhaps', { TRUST_PROXY: 'perhaps' }, 'Invalid configuration: TRUST_PROXY must be true or false (got "perhaps")'],
    ['S3_FORCE_PATH_STYLE=maybe', { S3_FORCE_PATH_STYLE: 'maybe' }, 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "maybe")'],
  ])('refuses %s with one line naming the variable', (_name, env, message) => {
    const text = failure(env as Record<string, string>);
    expect(text).toBe(message);
    expect(text).not.toContain('\n');
  });

  test('names every bad variable at once', () => {
    expect(failure({ PORT: 'x', STORAGE_DRIVER: 'ftp' })).toBe(
      'Invalid configuration: PORT must be a whole number (got "x"); STORAGE_DRIVER must be local or s3 (got "ftp")',
    );
  });

  test('S3 needs a bucket and credentials', () => {
    expect(failure({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toBe(
      'Invalid configuration: S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3; S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
    );
  });

  test('FETCH_ALLOW_HOSTS: host:port entries normalised as a URL would spell them; a bad entry stops start-up', () => {
    expect(load({ FETCH_ALLOW_HOSTS: ' NAS.local:8080, 192.168.1.5:80 ,[::1]:9000,' }).fetchAllowHosts).toEqual([
      'nas.local:8080',
      '192.168.1.5:80',
      '[::1]:9000',
    ]);
    expect(load({ FETCH_ALLOW_HOSTS: '2130706433:81' }).fetchAllowHosts).toEqual(['127.0.0.1:81']);
    expect(Object.isFrozen(load({ FETCH_ALLOW_HOSTS: 'nas.local:8080' }).fetchAllowHosts)).toBe(true);
    for (const bad of ['nas.local', 'nas.local:0', 'nas.local:70000', 'http://nas.local:80', 'nas.local:80/x', 'user@nas:80', '::1:80']) {
      expect(failure({ FETCH_ALLOW_HOSTS: bad })).toStartWith('Invalid configuration: FETCH_ALLOW_HOSTS must be comma-separated host:port entries');
    }
  });

  test('ALLOWED_HOSTS: host names in lower case, `.name` or `*.name` for the names under one, `*` for any; a port, a scheme or a path stops start-up', () => {
    expect(load({ ALLOWED_HOSTS: ' NAS.lan, *.Example.test ,.home.arpa, media.example.test., *,' }).allowedHosts).toEqual([
      'nas.lan',
      '.example.test',
      '.home.arpa',
      'media.example.test',
      '*',
    ]);
    expect(Object.isFrozen(load({ ALLOWED_HOSTS: 'nas.lan' }).allowedHosts)).toBe(true);
    for (const bad of ['nas.lan:3000', 'http://nas.lan', 'nas.lan/x', 'user@nas', 'a..b', '*.', 'nas*.lan', '[::1]']) {
      expect(failure({ ALLOWED_HOSTS: bad })).toStartWith('Invalid configuration: ALLOWED_HOSTS must be comma-separated host names');
    }
  });

  test('PUBLIC_URL: unset by default; kept as its origin; anything but an http(s) URL stops start-up', () => {
    expect(load({}).publicUrl).toBeUndefined();
    expect(load({ PUBLIC_URL: ' https://Hub.Example.test:8443/media/ ' }).publicUrl).toBe('https://hub.example.test:8443');
    for (const bad of ['hub.example.test', 'ftp://hub.example.test', 'not a url']) {
      expect(failure({ PUBLIC_URL: bad })).toStartWith('Invalid configuration: PUBLIC_URL must be the http(s) address the hub is reached at');
    }
  });

  test('AVATAR_SERVICE_URL: off by default; an http(s) template with {username}; anything else stops start-up', () => {
    expect(load({}).avatarServiceUrl).toBeUndefined();
    expect(load({ AVATAR_SERVICE_URL: '' }).avatarServiceUrl).toBeUndefined();
    expect(load({ AVATAR_SERVICE_URL: ' https://avatars.example/{platform}/{username} ' }).avatarServiceUrl).toBe(
      'https://avatars.example/{platform}/{username}',
    );
    for (const bad of [
      'https://avatars.example/{platform}',
      'avatars.example/{username}',
      'javascript:alert("{username}")',
      'ftp://avatars.example/{username}',
      'not a url {username}',
    ]) {
      expect(failure({ AVATAR_SERVICE_URL: bad })).toStartWith('Invalid configuration: AVATAR_SERVICE_URL must be an http(s) URL template with {username}');
    }
  });

  test('VAULT_KEY: unset by default (the key file is used); base64 of exactly 32 bytes; anything else stops start-up naming it, without echoing it', () => {
    expect(load({}).vaultKey).toBeUndefined();
    const key = Buffer.alloc(32, 7);
    expect(load({ VAULT_KEY: key.toString('base64') }).vaultKey).toEqual(new Uint8Array(key));
    expect(load({ VAULT_KEY: key.toString('base64url') }).vaultKey).toEqual(new Uint8Array(key));
    for (const bad of ['not base64!', Buffer.alloc(31).toString('base64'), Buffer.alloc(33).toString('base64'), 'hunter2']) {
      const text = failure({ VAULT_KEY: bad });
      expect(text).toBe('Invalid configuration: VAULT_KEY must be the base64 of exactly 32 bytes, such as the output of: openssl rand -base64 32');
    }
  });

  test('never echoes a secret back in an error', () => {
    const text = failure({ STORAGE_DRIVER: 'nope', S3_SECRET_ACCESS_KEY: 'very-secret-value' });
    expect(text).not.toContain('very-secret-value');
  });
});

describe('documentation and deployment stay in step with the schema', () => {
  const variables = Object.keys(settingsSchema.shape).sort();

  test('the operations guide documents every setting in its table', async () => {
    const guide = await Bun.file(path.join(import.meta.dir, '..', 'docs', 'operations.md')).text();
    const documented = [...guide.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    for (const name of variables) expect(documented).toContain(name);
    for (const name of documented) expect(variables).toContain(name!);
  });

  test("compose.yaml passes the schema's variables to the hub, with valid defaults, or shows in its comments the line that does", async () => {
    const text = await Bun.file(path.join(import.meta.dir, '..', 'compose.yaml')).text();
    const compose = Bun.YAML.parse(text) as { services: { hub: { environment: Record<string, string> } } };
    const env = compose.services.hub.environment;
    // Settings empty by default cannot be passed with ${VAR:-} (Podman Compose leaves it as text):
    // the file shows them as lines to copy (docs/decisions/0024-container.md).
    const commented = [...text.matchAll(/^#\s+([A-Z0-9_]+): \$\{([A-Z0-9_]+)\}/gm)].map((m) => (m[1] === m[2] ? m[1]! : `${m[1]} != ${m[2]}`));
    expect([...Object.keys(env), ...commented].sort()).toEqual(variables);
    // Resolve ${VAR:-default} the way compose does when the variable is unset.
    const resolved = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [
        k,
        String(v ?? '')
          .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
          .replace(/\$\{[A-Z0-9_]+\}/g, ''),
      ]),
    );
    const config = loadConfig(resolved, '/app');
    expect(config.dataDir).toBe('/data');
    expect(config.port).toBe(3000);
    expect(config.storage.driver).toBe('local');
  });
});
