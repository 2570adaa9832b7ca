import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { POLICY_FILE_MAX_BYTES, POLICY_FILE_MAX_COUNT } from '@parity/domain/lpi/policies';
import { DOCUMENT_MAX_BYTES } from '@parity/domain/organization-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';
import { apiRoutes } from '../test/routes';

// The container files (Dockerfile, compose.yaml, deploy/) are not built or run in CI (no Docker
// engine there): these checks hold them to the configuration and routes of this build instead.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Instruction {
  name: string;
  args: string;
}

/** The Dockerfile's instructions, stage by stage (continued lines joined, comments dropped). */
function dockerfileStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [name = '', ...rest] = trimmed.split(/\s+/);
    const instruction = { name: name.toUpperCase(), args: rest.join(' ') };
    if (instruction.name === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

/** KEY=value lines of an env file. */
function envFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]!] = match[2]!;
  }
  return vars;
}

/** Compose's interpolation: $${NAME}, ${NAME:-default}, ${NAME:?message} (and without the colon). */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (whole, name, op, arg) => {
    if (whole === '$$') return '$';
    const set = vars[name];
    const missing = set === undefined || (op?.startsWith(':') && set === '');
    if (op?.endsWith('?') && missing) throw new Error(`${name}: ${arg}`);
    if (op?.endsWith('-') && missing) return arg;
    return set ?? '';
  });
}

// biome-ignore lint/suspicious/noExplicitAny: a parsed compose file, read loosely
type Service = Record<string, any>;

const dockerfile = dockerfileStages(read('Dockerfile'));
const runtime = dockerfile.at(-1)!;
const healthcheck = runtime.find((i) => i.name === 'HEALTHCHECK')!;
const healthcheckCommand = JSON.parse(
  healthcheck.args.slice(healthcheck.args.indexOf('CMD ') + 4),
) as string[];

const composeText = read('compose.yaml');
// with YAML merge keys (`<<: *api`), which compose reads too
const services = parse(composeText, { merge: true }).services as Record<string, Service>;
const replicas = Object.entries(services).filter(([, s]) => s.build !== undefined);
const example = envFile(read('deploy/env.example'));
// The three secrets deploy/env.example leaves for the operator to fill in.
const filled = {
  ...example,
  POSTGRES_PASSWORD: 'a1'.repeat(24),
  JWT_SECRET: 'b2'.repeat(32),
  S3_SECRET_ACCESS_KEY: 'c3'.repeat(20),
};
const environmentOf = (service: Service): Record<string, string> =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), filled)]),
  );

const nginx = read('deploy/nginx.conf').replace(/#.*$/gm, '');
/** The directives of the first block opened by `opening` (a regex source), nested blocks left in. */
function block(opening: string): string {
  const start = new RegExp(`${opening}\\s*\\{`).exec(nginx);
  if (!start) throw new Error(`no block ${opening} in deploy/nginx.conf`);
  let depth = 0;
  for (let i = start.index + start[0].length - 1; i < nginx.length; i++) {
    if (nginx[i] === '{') depth++;
    if (nginx[i] === '}' && --depth === 0) return nginx.slice(start.index + start[0].length, i);
  }
  throw new Error(`block ${opening} is not closed`);
}
const directives = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`(?:^|[;{}\\s])${name}\\s+([^;]+);`, 'g'))].map((m) => m[1]!.trim());

let t: TestApp;
let routes: Set<string>;

beforeAll(async () => {
  t = await createTestApp();
  routes = new Set((await apiRoutes(t)).map((r) => r.key));
});

afterAll(async () => {
  await t.close();
});

describe('Dockerfile', () => {
  it('runs the built API as an unprivileged user, with no secret built in', () => {
    expect(dockerfile.length).toBeGreaterThan(1);
    const users = runtime.filter((i) => i.name === 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0']).not.toContain(users.at(-1));
    const cmd = runtime.findLast((i) => i.name === 'CMD')!;
    expect(runtime.indexOf(cmd)).toBeGreaterThan(runtime.findLastIndex((i) => i.name === 'USER'));
    expect(JSON.parse(cmd.args)).toContain('apps/api/dist/main.js');

    // What the image sets is configuration the API reads, and none of it is a secret.
    const set = dockerfile
      .flat()
      .filter((i) => i.name === 'ENV' || i.name === 'ARG')
      .flatMap((i) => [...i.args.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]!));
    for (const name of set.filter((n) => n !== 'NODE_VERSION')) {
      expect(CONFIG_VARIABLES).toContain(name);
    }
    expect(set.filter((n) => /SECRET|PASSWORD|TOKEN|KEY/.test(n))).toEqual([]);
  });

  it('copies into the runtime stage what the API reads at start-up', () => {
    const copied = runtime.filter((i) => i.name === 'COPY').map((i) => i.args.split(/\s+/).at(-1));
    // the bundle, the migrations it runs (db/client.ts finds them from dist/), the web app it serves
    for (const target of ['apps/api/dist', 'apps/api/src/db/migrations', 'apps/web/dist', 'node_modules']) {
      expect(copied).toContain(target);
    }
  });

  it('has a health check that passes against a started API and fails without one', async () => {
    const urlPath = /\/api\/[a-z/]+/.exec(healthcheckCommand.join(' '))?.[0];
    expect(routes).toContain(`GET ${urlPath}`);
    expect(healthcheckCommand[0]).toBe('node');
    const run = (port: number) =>
      promisify(execFile)(process.execPath, healthcheckCommand.slice(1), {
        env: { PORT: String(port) },
      }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );

    const app = await createTestApp();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as { port: number };
    try {
      expect(await run(port)).toBe(0);
    } finally {
      await app.close();
    }
    expect(await run(port)).toBe(1);
  });

  it('keeps secrets, dependencies and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', '**/node_modules', 'data', 'backups', '.git'])
      expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  it('runs two replicas of the image, with only variables the configuration reads', () => {
    expect(replicas.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    for (const [, service] of replicas) {
      const env = environmentOf(service);
      for (const name of Object.keys(env)) expect(CONFIG_VARIABLES).toContain(name);
      const config = loadConfig(env);
      expect(config.production).toBe(true);
      expect(config.database.kind).toBe('postgres');
      expect(config.redisUrl).toBeDefined();
      expect(config.s3).toBeDefined();
      expect(config.smtpUrl).toBeDefined();
      expect(config.trustProxy).toBe(true);
      expect(config.jwtSecret).toBe(filled.JWT_SECRET);
    }
  });

  it('gives both replicas the same signing secret, database, Redis and bucket', () => {
    const [first, second] = replicas.map(([, s]) => environmentOf(s));
    for (const name of [
      'JWT_SECRET',
      'DATABASE_URL',
      'REDIS_URL',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_REGION',
      'PUBLIC_URL',
    ]) {
      expect(first![name], name).toBeDefined();
      expect(second![name], name).toBe(first![name]);
    }
  });

  it('points the replicas at services it runs, with their credentials, and starts them first', () => {
    for (const [, service] of replicas) {
      const env = environmentOf(service);
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'SMTP_URL']) {
        const host = new URL(env[name]!).hostname;
        expect(Object.keys(services), name).toContain(host);
        expect(Object.keys(service.depends_on), name).toContain(host === 'minio' ? 'bucket' : host);
      }
      const database = new URL(env.DATABASE_URL!);
      const postgres = environmentOf(services.postgres!);
      expect(database.username).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
      expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);

      const minio = environmentOf(services.minio!);
      expect(env.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
      expect(env.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
    }
    // the one-shot container creates the replicas' bucket on that store
    const bucket = services.bucket!;
    const [alias, name] = (bucket.entrypoint as string[]).at(-1)!.split('/');
    const store = new URL(environmentOf(bucket)[`MC_HOST_${alias}`]!);
    expect(store.hostname).toBe('minio');
    expect(decodeURIComponent(store.password)).toBe(filled.S3_SECRET_ACCESS_KEY);
    expect(name).toBe(environmentOf(replicas[0]![1]).S3_BUCKET);
  });

  it('waits only on health checks that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(
        (service.depends_on ?? {}) as Record<string, { condition: string }>,
      )) {
        if (condition !== 'service_healthy') continue;
        const target = services[dependency]!;
        // a replica's is the image's HEALTHCHECK (checked above)
        expect(
          target.healthcheck ?? (target.build !== undefined ? 'image' : undefined),
          `${name} -> ${dependency}`,
        ).toBeDefined();
      }
      for (const route of JSON.stringify(service.healthcheck ?? '').match(/\/api\/[a-z/]+/g) ?? []) {
        expect(routes).toContain(`GET ${route}`);
      }
    }
  });

  it('refuses to start without the secrets deploy/env.example asks for', () => {
    const interpolated = [...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!);
    for (const name of interpolated) expect(Object.keys(example)).toContain(name);
    for (const secret of ['POSTGRES_PASSWORD', 'JWT_SECRET', 'S3_SECRET_ACCESS_KEY']) {
      expect(example[secret]).toBe('');
      expect(() => interpolate(composeText, { ...filled, [secret]: '' })).toThrow(secret);
    }
  });
});

describe('deploy/nginx.conf', () => {
  const upstream = /proxy_pass\s+http:\/\/([a-z_]+)\s*;/.exec(nginx)?.[1] ?? '';
  const server = block('server');

  it('balances over both replicas on their port', () => {
    const servers = directives(block(`upstream\\s+${upstream}`), 'server').map((s) => s.split(/\s+/)[0]);
    expect(servers).toEqual(
      replicas.map(([name, service]) => `${name}:${loadConfig(environmentOf(service)).port}`),
    );
    for (const target of directives(server, 'proxy_pass')) expect(target).toBe(`http://${upstream}`);
  });

  it('tells the replicas the client’s address, which they trust', () => {
    expect(directives(server, 'proxy_set_header')).toContain('X-Forwarded-For $remote_addr');
    for (const [, service] of replicas) expect(loadConfig(environmentOf(service)).trustProxy).toBe(true);
  });

  it('passes the notification stream on unbuffered and keeps it open 15 minutes', () => {
    const stream = '/api/notifications/stream';
    expect(routes).toContain(`GET ${stream}`);
    const location = block(`location\\s+=\\s+${stream.replaceAll('/', '\\/')}`);
    expect(directives(location, 'proxy_buffering')).toEqual(['off']);
    const [timeout] = directives(location, 'proxy_read_timeout');
    const minutes = Number(/^(\d+)m$/.exec(timeout ?? '')?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(15);
  });

  it('lets through the largest upload the API accepts', () => {
    const [size] = directives(server, 'client_max_body_size');
    const bytes = Number(/^(\d+)m$/.exec(size ?? '')?.[1]) * 1024 * 1024;
    expect(bytes).toBeGreaterThan(
      Math.max(POLICY_FILE_MAX_COUNT * POLICY_FILE_MAX_BYTES, DOCUMENT_MAX_BYTES),
    );
  });
});

describe('docs/operations.md', () => {
  it('lists every variable the configuration reads in its configuration table, and no other', () => {
    const section = /\n## Configuration\n([\s\S]*?)(?:\n## |$)/.exec(read('docs/operations.md'))?.[1] ?? '';
    const listed = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
