// A real reverse proxy in front of a spawned hub: Debian's nginx, run by the test as an ordinary
// process (no root, no system paths) with a config written into a temp folder. It refuses request
// bodies over `maxBody` with 413, as a NAS's or a VPS's nginx commonly does (client_max_body_size).
// stop() kills it at once (the browser's connections break mid-request, as when the line drops);
// start() brings it back on the same port.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Subprocess } from 'bun';
import { freePort } from './spawn-hub.ts';
import { tempDir } from './test-app.ts';

export const NGINX = '/usr/sbin/nginx';

export interface NginxProxy {
  url: string;
  port: number;
  /** Kills nginx (SIGKILL): connections through it break at once. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  /** nginx's error log (its refusals and broken connections). */
  errors(): string;
  /** The requests nginx has finished with, in order: method, path, its answer's status and the body's declared size. */
  requests(): { method: string; path: string; status: number; size: number }[];
  cleanup(): Promise<void>;
}

/** Why nginx cannot run here, or null when it can. */
export function nginxUnavailableReason(): string | null {
  return Bun.file(NGINX).size > 0 ? null : `${NGINX} is missing (apt-get install nginx)`;
}

function config(dir: string, port: number, upstream: string, maxBody: string): string {
  const at = (name: string) => path.join(dir, name);
  // As root (a CI container), nginx would hand its work to `nobody`, who cannot write the temp folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
daemon off;
master_process off;
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} info;
events { worker_connections 64; }
http {
  log_format requests '$request_method $uri $status $content_length';
  access_log ${at('access.log')} requests;
  client_body_temp_path ${at('body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  client_max_body_size ${maxBody};
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

/** Starts nginx on a free port in front of `upstream` (the hub's URL) and waits until it passes /healthz through. */
export async function startNginx(upstream: string, { maxBody = '10m' } = {}): Promise<NginxProxy> {
  const dir = tempDir('hub-nginx-');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, port, upstream, maxBody));
  let child: Subprocess<'ignore', 'pipe', 'pipe'> | null = null;
  const output: string[] = [];

  async function start(): Promise<void> {
    // -e: the error log before the config is read (the default is a system path).
    const started = Bun.spawn([NGINX, '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
    child = started;
    void new Response(started.stderr).text().then((text) => output.push(text));
    for (;;) {
      if (started.exitCode !== null) throw new Error(`nginx exited with ${started.exitCode}: ${output.join('')}\n${errors()}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await Bun.sleep(50);
    }
  }

  const read = (name: string) => {
    try {
      return readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  const errors = () => read('error.log');
  const requests = () =>
    read('access.log')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [method = '', at = '', status = '', size = ''] = line.split(' ');
        return { method, path: at, status: Number(status), size: size === '-' ? 0 : Number(size) };
      });

  async function stop(): Promise<void> {
    const running = child;
    child = null;
    if (running && running.exitCode === null) {
      running.kill('SIGKILL');
      await running.exited;
    }
  }

  await start();
  return {
    url,
    port,
    stop,
    start,
    errors,
    requests,
    async cleanup() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
