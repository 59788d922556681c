// The Dockerfile and compose file cannot be built here (no container engine); these checks keep
// them in step with the code.
import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dir, '..');
const dockerfile = await Bun.file(path.join(root, 'Dockerfile')).text();
const compose = Bun.YAML.parse(await Bun.file(path.join(root, 'compose.yaml')).text()) as {
  services: Record<string, { profiles?: string[]; volumes?: string[]; depends_on?: Record<string, { required?: boolean }> }>;
  volumes: Record<string, unknown>;
};
const pkg = (await Bun.file(path.join(root, 'package.json')).json()) as { devDependencies: Record<string, string>; scripts: Record<string, string> };

describe('Dockerfile', () => {
  test('is multi-stage on the official Bun image, at the Bun version the project pins', () => {
    const bunVersion = pkg.devDependencies.bun!.replace(/^[\^~]/, '');
    expect(dockerfile).toContain(`ARG BUN_VERSION=${bunVersion}`);
    expect(dockerfile).toMatch(/^FROM oven\/bun:\$\{BUN_VERSION\}-debian AS runtime$/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
  });

  test('installs production dependencies only, from the lockfile', () => {
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toContain('COPY package.json package-lock.json ./');
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

  test('carries ffmpeg and a HEIC decoder for the media pipeline', () => {
    expect(dockerfile).toContain('ffmpeg');
    expect(dockerfile).toContain('libheif-examples');
  });
});

describe('compose.yaml', () => {
  test('keeps the hub data in a named volume mounted at /data', () => {
    expect(compose.services.hub!.volumes).toContain('hub-data:/data');
    expect(Object.keys(compose.volumes)).toContain('hub-data');
  });

  test('offers S3-compatible storage only under the s3 profile, without making the hub need it', () => {
    expect(compose.services.minio!.profiles).toEqual(['s3']);
    expect(compose.services['minio-bucket']!.profiles).toEqual(['s3']);
    expect(compose.services.hub!.profiles).toBeUndefined();
    expect(compose.services.hub!.depends_on!['minio-bucket']!.required).toBe(false);
  });
});
