// The Dockerfile and the compose files, read as text and checked against the Compose
// Specification's schema and Podman Compose's own reading. The image itself is built and run by
// bash .ci/container (called from .ci/run), which these checks do not replace.
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';

const root = path.join(import.meta.dir, '..');
const dockerfile = await Bun.file(path.join(root, 'Dockerfile')).text();
const composeText = await Bun.file(path.join(root, 'compose.yaml')).text();
const s3Text = await Bun.file(path.join(root, 'compose.s3.yaml')).text();
type Service = {
  profiles?: string[];
  user?: string;
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string; required?: boolean }>;
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };
const compose = Bun.YAML.parse(composeText) as ComposeFile;
const s3 = Bun.YAML.parse(s3Text) as ComposeFile;
const pkg = (await Bun.file(path.join(root, 'package.json')).json()) as {
  version: string;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

describe('Dockerfile', () => {
  test('is multi-stage on the official Bun image, at the Bun version the project pins', () => {
    const bunVersion = pkg.devDependencies.bun!.replace(/^[\^~]/, '');
    expect(dockerfile).toContain(`ARG BUN_VERSION=${bunVersion}`);
    expect(dockerfile).toMatch(/^FROM oven\/bun:\$\{BUN_VERSION\}-debian AS runtime$/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
  });

  test('installs production dependencies only, from the lockfile, and fails at that step when the tree is incomplete', () => {
    expect(dockerfile).toContain('COPY package.json package-lock.json ./');
    const install = dockerfile.match(/^RUN set -eu;[\s\S]*?(?=\n\n)/m)![0];
    expect(install).toMatch(/npm ci --omit=dev/);
    // npm can exit 0 with half a tree: the same RUN checks it, under set -e.
    expect(install).toMatch(/npm ci[^\n]*;\s*\\\n\s*npm ls --omit=dev --all/);
  });

  test('builds for any target platform with no step tied to one: sharp is installed for TARGETARCH', () => {
    expect(dockerfile).toMatch(/^FROM --platform=\$BUILDPLATFORM node:\S+ AS deps$/m);
    expect(dockerfile).toMatch(/^ARG TARGETARCH$/m);
    expect(dockerfile).toContain('--os=linux --cpu="$cpu"');
    expect(dockerfile).toContain('test -f "node_modules/@img/sharp-linux-$cpu/package.json"');
    // No architecture named outside the TARGETARCH -> npm cpu mapping (amd64 is npm's x64).
    const steps = dockerfile.replace(/^#.*$/gm, '');
    const outsideMapping = steps.replace('amd64) cpu=x64 ;;', '');
    expect(outsideMapping).not.toMatch(/amd64|arm64|aarch64|x86_64/);
  });

  test('carries the OCI labels, with the version package.json has', () => {
    for (const label of ['title', 'description', 'version', 'source', 'licenses']) {
      expect(dockerfile).toContain(`org.opencontainers.image.${label}=`);
    }
    expect(dockerfile).toContain(`ARG VERSION=${pkg.version}`);
  });

  test('copies every folder the server reads at run time, and each exists', () => {
    for (const dir of ['src', 'islands', 'migrations', 'static']) {
      expect(dockerfile).toContain(`COPY ${dir} ./${dir}`);
      expect(existsSync(path.join(root, dir))).toBe(true);
    }
  });

  test('runs as a non-root user with data in the /data volume, and starts what npm start starts', () => {
    expect(dockerfile).toMatch(/^USER bun$/m);
    expect(dockerfile).toContain('VOLUME ["/data"]');
    expect(dockerfile).toContain('DATA_DIR=/data');
    const cmd = dockerfile.match(/^CMD \["bun", "([^"]+)"\]$/m)![1]!;
    expect(pkg.scripts.start).toBe(`bun ${cmd}`);
    expect(existsSync(path.join(root, cmd))).toBe(true);
  });

  test('has a health check on /healthz through a script that exists', () => {
    const script = dockerfile.match(/^HEALTHCHECK .*CMD \["bun", "([^"]+)"\]$/m)![1]!;
    expect(existsSync(path.join(root, script))).toBe(true);
    expect(Bun.file(path.join(root, script)).text()).resolves.toContain('/healthz');
  });

  test('carries ffmpeg and a HEIC decoder, without recommended packages, documentation or package lists', () => {
    const apt = dockerfile.match(/^RUN printf[\s\S]*?(?=\nWORKDIR)/m)![0];
    expect(apt).toContain('apt-get install -y --no-install-recommends ffmpeg libheif-examples');
    expect(apt).toContain("'path-exclude /usr/share/doc/*'");
    expect(apt).toContain('rm -rf /var/lib/apt/lists/*');
  });
});

// --- compose files ---------------------------------------------------------------------------

const schema = (await Bun.file(path.join(root, 'test/fixtures/compose-spec/compose-spec.json')).json()) as Record<string, unknown>;
const ajv = new Ajv2019({ strict: false, allErrors: true });
// The schema's own formats, as Compose reads them.
ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$/);
ajv.addFormat('ports', /^.+$/);
ajv.addFormat('expose', /^.+$/);
ajv.addFormat('subnet_ip_address', /^.+$/);
// Its $schema names draft 2019-09 as http://...# (Ajv2019 is that draft), so it is left out; its
// "id"s are the older draft's names for its parts, which Ajv would refuse: read as annotations.
const { $schema: _draft, ...schemaBody } = schema;
ajv.removeKeyword('id');
const validate = ajv.compile(schemaBody);

/** The Compose Specification's interpolation (as Docker Compose v2 does it) for the forms these files use. */
function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (match, name: string | undefined, op: string | undefined, arg: string | undefined) => {
      if (match === '$$') return '$';
      const value = env[name!];
      const missing = op?.startsWith(':') ? !value : value === undefined;
      if (op?.endsWith('?') && missing) throw new Error(`${name}: ${arg}`);
      if (op?.endsWith('-') && missing) return arg!;
      return value ?? '';
    },
  );
}

/** Every ${...} in the files: the forms both tools expand alike (Podman Compose 1.0.3 leaves ${VAR:-} as text). */
const references = (text: string) =>
  [
    ...text
      .replace(/(^|\s)#.*$/gm, '')
      .replace(/\$\$\{/g, '')
      .matchAll(/\$\{[^}]*\}/g),
  ].map((m) => m[0]);

/**
 * What Podman Compose itself makes of the files: its merged, expanded model, printed by
 * `podman-compose --dry-run -f ... ps` (which runs nothing), with `.env` beside the files.
 */
function podmanCompose(files: string[], dotenv: string): Record<string, unknown> {
  if (!Bun.which('podman-compose')) throw new Error('podman-compose is missing: apt-get install podman-compose (bash .ci/run installs it)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-compose-'));
  try {
    for (const file of files)
      writeFileSync(path.join(dir, file), file === 'compose.yaml' ? composeText : file === 'compose.s3.yaml' ? s3Text : 'services: {}\n');
    writeFileSync(path.join(dir, '.env'), dotenv);
    const args = files.flatMap((file) => ['-f', file]);
    const result = Bun.spawnSync(['podman-compose', '--dry-run', ...args, 'ps'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const out = result.stdout.toString();
    const json = out.slice(out.indexOf('{'), out.indexOf('\n}\n') + 2);
    if (result.exitCode !== 0 || !json) throw new Error(`podman-compose: ${result.stderr.toString()}${out}`);
    return JSON.parse(json) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const parseEnv = (text: string) =>
  Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
const LOCAL_ENV = 'SITE_PASSWORD=gate secret\nADMIN_USERNAME=alice\nADMIN_PASSWORD=first password\n';
const S3_ENV = `${LOCAL_ENV}S3_SECRET_ACCESS_KEY=minio-root-secret\nS3_BUCKET=household\n`;

describe('compose.yaml and compose.s3.yaml', () => {
  test("are each valid by the Compose Specification's JSON schema", () => {
    for (const [name, file] of [
      ['compose.yaml', compose],
      ['compose.s3.yaml', s3],
    ] as const) {
      const ok = validate(file);
      expect({ name, errors: ok ? null : validate.errors }).toEqual({ name, errors: null });
    }
  });

  test('use only what Docker Compose v2 and Podman Compose both read', () => {
    for (const file of [compose, s3]) {
      for (const service of Object.values(file.services)) {
        // Podman Compose 1.0.3 ignores profiles (it would start MinIO for everyone); Docker Compose
        // before 2.20 and Podman Compose reject or ignore depends_on.required.
        expect(service.profiles).toBeUndefined();
        for (const dependency of Object.values(service.depends_on ?? {})) expect(dependency.required).toBeUndefined();
      }
    }
    for (const reference of [...references(composeText), ...references(s3Text)]) {
      expect(reference).toMatch(/^\$\{[A-Z_][A-Z0-9_]*(:-[^}]+|:\?[^}]+)?\}$/);
    }
  });

  test('keep the hub data in a named volume mounted at /data; MinIO only in the S3 file, before the hub', () => {
    expect(compose.services.hub!.volumes).toContain('hub-data:/data');
    expect(Object.keys(compose.volumes!)).toContain('hub-data');
    expect(Object.keys(compose.services)).toEqual(['hub']);
    expect(Object.keys(s3.services).sort()).toEqual(['hub', 'minio', 'minio-bucket']);
    expect(s3.services.hub!.depends_on).toEqual({ 'minio-bucket': { condition: 'service_completed_successfully' } });
    expect(s3.services['minio-bucket']!.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
  });

  test("Podman Compose expands the hub's settings as written, and as the Compose Specification does", () => {
    const local = podmanCompose(['compose.yaml', 'empty.yaml'], LOCAL_ENV) as ComposeFile;
    const hub = local.services.hub!.environment!;
    expect(hub).toMatchObject({
      SITE_PASSWORD: 'gate secret',
      ADMIN_USERNAME: 'alice',
      ADMIN_PASSWORD: 'first password',
      STORAGE_DRIVER: 'local',
      LOG_LEVEL: 'info',
      DATA_DIR: '/data',
      MAX_UPLOAD_BYTES: '21474836480',
    });
    expect(Object.values(hub).filter((value) => String(value).includes('$'))).toEqual([]);
    const env = parseEnv(LOCAL_ENV);
    for (const [key, value] of Object.entries(compose.services.hub!.environment!)) expect([key, hub[key]]).toEqual([key, interpolate(String(value), env)]);
  });

  test('the S3 file: the hub, MinIO and the bucket job get the same bucket and keys, expanded as written', () => {
    const merged = podmanCompose(['compose.yaml', 'compose.s3.yaml'], S3_ENV) as ComposeFile;
    const hub = merged.services.hub!.environment!;
    expect(hub).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'household',
      S3_ACCESS_KEY_ID: 'hub',
      S3_SECRET_ACCESS_KEY: 'minio-root-secret',
      S3_FORCE_PATH_STYLE: 'true',
      SITE_PASSWORD: 'gate secret',
    });
    expect(merged.services.minio!.environment).toEqual({ MINIO_ROOT_USER: 'hub', MINIO_ROOT_PASSWORD: 'minio-root-secret' });
    expect(merged.services['minio-bucket']!.environment).toEqual({ MINIO_USER: 'hub', MINIO_PASSWORD: 'minio-root-secret', BUCKET: 'household' });
    const env = parseEnv(S3_ENV);
    for (const [name, service] of Object.entries(s3.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        expect([name, key, merged.services[name]!.environment![key]]).toEqual([name, key, interpolate(String(value), env)]);
      }
    }
    // The bucket job's shell sees its variables: $$ is a literal $ for both tools.
    expect((merged.services['minio-bucket'] as { entrypoint: string }).entrypoint).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: kept from before the linter; fix when this code is next touched
      '\\"${MINIO_USER}\\" \\"${MINIO_PASSWORD}\\" && mc mb --ignore-existing hub/${BUCKET}',
    );
  });

  test('the S3 file refuses to start without the MinIO secret, in both readings', () => {
    expect(() => interpolate(String(s3.services.minio!.environment!.MINIO_ROOT_PASSWORD), parseEnv(LOCAL_ENV))).toThrow('S3_SECRET_ACCESS_KEY');
    expect(() => podmanCompose(['compose.yaml', 'compose.s3.yaml'], LOCAL_ENV)).toThrow('set S3_SECRET_ACCESS_KEY in .env');
  });
});
