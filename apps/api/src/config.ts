import path from 'node:path';
import { z } from 'zod';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: boolish.optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Parity <no-reply@parity.local>'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  REDIS_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: boolish.optional(),
  IP_COUNTRY_URL: z.string().url().optional(),
  GOOGLE_PLACES_API_KEY: z.string().optional(),
  GOOGLE_PLACES_BASE_URL: z.string().url().default('https://places.googleapis.com'),
  ANALYTICS_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'ANALYTICS_URL must be an http(s) address')
    .optional(),
  METRICS_TOKEN: z
    .string()
    .min(32, 'METRICS_TOKEN must be at least 32 characters')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
    .optional(),
});

/** Every environment variable the configuration reads (docs/operations.md#configuration lists them). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string };

export interface Config {
  production: boolean; // NODE_ENV=production: no secret (mail codes and links) is ever logged
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  seedDemo: boolean | undefined; // undefined: seed only a new embedded database
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        endpoint: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        region: string;
      }
    | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined; // generated into dataDir when absent
  publicUrl: string;
  logLevel: string;
  corsOrigins: string[]; // empty: CORS closed
  webDist: string | undefined; // built SPA to serve, when present
  trustProxy: boolean; // believe X-Forwarded-For (only behind a proxy that sets it)
  ipCountryUrl: string | undefined; // IP-to-country service the browser asks (ip2c.org format); unset: no lookup
  googlePlaces: { apiKey: string; baseUrl: string } | undefined; // unset: the built-in city list
  analyticsUrl: string | undefined; // the BI tool hosts open with an analytics token; unset: no 'Open in BI tool'
  metricsToken: string | undefined; // the Bearer token Prometheus sends to GET /api/metrics; unset: metrics off (404)
}

/** Environment -> typed config. Throws with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (e.g. `DATABASE_URL= npm start`).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : undefined,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((s) => s.trim()) : [],
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY ?? false,
    ipCountryUrl: e.IP_COUNTRY_URL,
    googlePlaces: e.GOOGLE_PLACES_API_KEY
      ? { apiKey: e.GOOGLE_PLACES_API_KEY, baseUrl: e.GOOGLE_PLACES_BASE_URL.replace(/\/+$/, '') }
      : undefined,
    analyticsUrl: e.ANALYTICS_URL,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** A config for tests: in-memory PGlite, no demo data, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/parity-test-unused' });
  return {
    ...base,
    database: process.env.TEST_DATABASE_URL
      ? { kind: 'postgres', url: process.env.TEST_DATABASE_URL }
      : { kind: 'pglite', dataDir: null },
    seedDemo: false,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...overrides,
  };
}
