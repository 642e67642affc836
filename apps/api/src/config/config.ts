import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { GST_STATES, gstinProblem, isGstStateCode, normalizeIndianMobile } from '@townworks/contract'

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes')

/** Names proxy-addr understands for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * Which proxies in front of the server are trusted to say who the client is (X-Forwarded-For,
 * -Proto, -Host): off, a number of hops (`1`: the one proxy in front; the address it adds is the
 * client's), or the proxies' addresses and CIDR ranges. Never "everyone": then any client could
 * choose its own address and slip past every per-address limit.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase()
    if (lower === '' || lower === '0' || lower === 'false' || lower === 'no') return false
    // The old on/off switch meant "one proxy in front".
    if (lower === 'true' || lower === 'yes') return 1
    if (/^\d+$/.test(value)) {
      const hops = Number(value)
      if (hops <= 10) return hops
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)
    const bad = entries.filter((e) => !isAddressOrCidr(e))
    if (entries.length === 0 || bad.length > 0 || /^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY is 0 (off), a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses and CIDR ranges, like 127.0.0.1,10.0.0.0/8',
      })
      return z.NEVER
    }
    return entries
  })

/** An object store's address alone: keys belong in their own settings, and a query or fragment would break the object paths. */
function endpointWithoutExtras(value: string): boolean {
  if (!URL.canParse(value)) return true // z.url() has said so already
  const url = new URL(value)
  return !url.username && !url.password && !url.search && !url.hash
}

/** A duration in milliseconds, 0 to one hour. */
const milliseconds = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback)

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DEMO_DATA: booleanFlag.optional(),
  /** The demo logins' generated passwords work once: the first login must choose a new one. */
  DEMO_PASSWORDS_ONE_TIME: booleanFlag.default(true),
  ADMIN_USERNAME: z.string().min(3).max(32).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'ADMIN_PASSWORD must have at least 8 characters' }).optional(),
  SESSION_SECRET: z.string().min(32, { error: 'SESSION_SECRET must have at least 32 characters' }).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'CORS_ORIGINS must be a comma-separated list of origins like https://example.com' }))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: TrustProxySchema,
  /** Strict-Transport-Security on answers that came over https (as the trusted proxy says); `0` leaves it to the proxy. */
  HSTS: booleanFlag.default(true),
  /** Who may read /api/docs and the OpenAPI document: anyone, or staff after login (production's default). */
  API_DOCS: z.enum(['public', 'staff']).optional(),
  /** A whole request, headers and body, must arrive within this time or the connection is closed (408). */
  REQUEST_TIMEOUT_MS: milliseconds(30_000).refine((v) => v >= 1000, { error: 'REQUEST_TIMEOUT_MS is at least 1000' }),
  /** A socket with no traffic for this long is closed (0: never). */
  CONNECTION_TIMEOUT_MS: milliseconds(120_000),
  /** How long an idle keep-alive connection waits for its next request; above the load balancer's idle time-out. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  /** The bearer token GET /metrics asks for (decision 037); without one, /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{16,256}$/, {
      error: 'METRICS_TOKEN is 16 to 256 letters, digits or . _ ~ + / = - (a random token: openssl rand -hex 32)',
    })
    .optional(),
  /** Keep hot reads in memory, dropped on every change PostgreSQL announces (decision 014). */
  READ_CACHE: booleanFlag.default(true),
  /** New service requests allowed per address in 10 minutes (raised by `npm run bench`, decision 010). */
  SERVICE_REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(30),
  /** Sign-ups allowed per client address in one hour (issue #15: each costs a 32 MiB password hash). */
  SIGNUP_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(10_000_000).default(5),
  /** Password hashes computed at once by this process; more wait in line (issue #15). */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Hashes allowed to wait for a turn, per kind (logins, others); beyond it 503 with Retry-After (≥ 8: demo data hashes 6 at once). */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(8).max(100_000).default(32),
  // Notifications (decision 008): `log` writes messages to the log; `twilio` sends them.
  NOTIFICATION_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  NOTIFICATION_CHANNEL: z.enum(['sms', 'whatsapp']).default('sms'),
  NOTIFICATION_DISPATCHER: booleanFlag.default(true),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'TWILIO_ACCOUNT_SID is AC followed by 32 hex digits' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, { error: 'TWILIO_AUTH_TOKEN looks too short' }).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9]{3,11})$/, {
      error: 'TWILIO_FROM is an E.164 number, a Messaging Service SID (MG…) or a sender id',
    })
    .optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^(whatsapp:)?\+[1-9]\d{6,14}$/, { error: 'TWILIO_WHATSAPP_FROM is an E.164 number, like +14155238886' })
    .optional(),
  /** Where the Twilio library sends its calls; only for a proxy or a test double. */
  TWILIO_API_BASE_URL: z.url({ error: 'TWILIO_API_BASE_URL must be a URL' }).optional(),
  SMS_DLT_ENTITY_ID: z
    .string()
    .regex(/^\d{10,25}$/, { error: 'SMS_DLT_ENTITY_ID is the numeric entity id of the DLT registration' })
    .optional(),
  /** DLT template ids per event and language: `request_received.en=1107…,request_received.te=1107…`. */
  SMS_DLT_TEMPLATE_IDS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^[a-z_]+\.(en|te|hi)=\d{10,25}$/, {
          error: 'SMS_DLT_TEMPLATE_IDS is a comma-separated list of event.language=template-id',
        }),
      ),
    )
    .transform((pairs) => Object.fromEntries(pairs.map((p) => p.split('=') as [string, string]))),
  SMS_FREE_TEXT_ALLOWED: booleanFlag.default(false),
  // Against SMS pumping (issue #15), counted in the database so every API process shares the counts.
  /** Automatic messages a visitor can cause to a typed number (request received) sent to one number in an hour. */
  NOTIFY_PER_RECIPIENT_HOURLY: z.coerce.number().int().min(1).max(10_000_000).default(5),
  /** Messages sent per channel in one hour by all processes together; beyond it they are held in the outbox. */
  NOTIFY_HOURLY_BUDGET_SMS: z.coerce.number().int().min(1).max(10_000_000).default(500),
  NOTIFY_HOURLY_BUDGET_WHATSAPP: z.coerce.number().int().min(1).max(10_000_000).default(500),
  /** Typed messages (POST /send-whatsapp) one operator may queue in an hour. */
  NOTIFY_OPERATOR_HOURLY: z.coerce.number().int().min(1).max(10_000_000).default(30),
  // One-time sign-in codes (issue 19), counted in the database so every API process shares the counts.
  /** Codes sent to one number in 15 minutes (sign-in, reset, change of number together). */
  OTP_PER_NUMBER_15_MIN: z.coerce.number().int().min(1).max(10_000_000).default(3),
  /** Codes sent to one number in a day. */
  OTP_PER_NUMBER_DAILY: z.coerce.number().int().min(1).max(10_000_000).default(10),
  /** Codes asked for from one client address in an hour, whatever the numbers. */
  OTP_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(10_000_000).default(20),
  /** Wrong codes typed from one client address in an hour, whatever the challenges; then 429. */
  OTP_WRONG_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(10_000_000).default(30),
  /** Codes sent by all processes together in an hour: the ceiling of what SMS pumping can cost. */
  OTP_HOURLY_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(300),
  /**
   * Whether the log provider writes a one-time code as it is (NOTIFICATION_PROVIDER=log): yes by
   * default outside production, so the whole sign-in works from a fresh clone; masked in production unless set.
   */
  NOTIFICATION_LOG_CODES: booleanFlag.optional(),
  /** A file the log provider appends every message to, one JSON line each (development and browser journeys). */
  NOTIFICATION_LOG_FILE: z.string().min(1).optional(),
  /** Invitations (POST /api/admin/invites) one admin may send in an hour. */
  INVITES_ADMIN_HOURLY: z.coerce.number().int().min(1).max(10_000_000).default(20),
  /**
   * The address people open TownWorks at (https://townworks.example), for links in messages such as
   * an invitation's sign-in link; without it, the address the admin's request came to.
   */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL like https://townworks.example' }).optional(),
  /**
   * The office's mobile number for alerts that need a person (issue 21: a job whose start-code tries
   * are used up). Without it the alert still stands in the outbox, marked as not sent.
   */
  OFFICE_ALERT_PHONE: z
    .string()
    .refine((v) => normalizeIndianMobile(v) !== undefined, {
      error: 'OFFICE_ALERT_PHONE must be an Indian mobile number',
    })
    .optional(),
  /**
   * The Chromium (or Chrome) that prints receipts and invoices as PDFs (decision 062). Unset: the
   * usual places (/usr/bin/chromium, chromium-browser, google-chrome). Without one, PDFs answer 503.
   */
  PDF_BROWSER_PATH: z.string().trim().min(1).optional(),
  // Where the bytes of the photos of the work live (decision 057): the database by default, or an
  // S3-compatible object store (AWS S3, MinIO and the like), addressed path-style.
  PHOTO_STORAGE: z
    .enum(['database', 's3'], { error: 'PHOTO_STORAGE is database (the default) or s3' })
    .default('database'),
  /** The object store's address; the bucket and the key follow it in the path (path-style). */
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error:
        'S3_ENDPOINT must be an http:// or https:// URL, like https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000',
    })
    .refine(endpointWithoutExtras, {
      error:
        'S3_ENDPOINT is the address alone: no user, password, query or fragment (the keys go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)',
    })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'S3_BUCKET is a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  /** The region the requests are signed for; MinIO's default is us-east-1, Cloudflare R2 takes auto. */
  S3_REGION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'S3_REGION is a region name like us-east-1 (letters, digits, - and _)' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .regex(/^[^\s/,]{3,128}$/, {
      error: 'S3_ACCESS_KEY_ID is the access key id: 3 to 128 characters, no spaces, slashes or commas',
    })
    .optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(8, { error: 'S3_SECRET_ACCESS_KEY looks too short' }).optional(),
  // Payments (decision 009): Razorpay when its keys are set, otherwise the in-app sandbox checkout.
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,32}$/, { error: 'RAZORPAY_KEY_ID looks like rzp_test_… or rzp_live_…' })
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, { error: 'RAZORPAY_KEY_SECRET looks too short' }).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, { error: 'RAZORPAY_WEBHOOK_SECRET looks too short' }).optional(),
  /** Where the Razorpay library sends its calls; only for a proxy or a test double. */
  RAZORPAY_API_BASE_URL: z.url({ error: 'RAZORPAY_API_BASE_URL must be a URL' }).optional(),
  /**
   * The in-app sandbox checkout, used when Razorpay is not configured: approves payments that no
   * money backs. On by default in development and test; off in production unless set to 1 (a demo).
   */
  PAYMENTS_SANDBOX: booleanFlag.optional(),
  /** The platform's commission in basis points of a task's total (1000 = 10%). */
  PLATFORM_COMMISSION_BPS: z.coerce.number().int().min(0).max(10_000).default(1000),
  // The business that issues every payment's document (decision 060): a numbered receipt while it is
  // not registered for GST (a fresh install), a tax invoice with CGST + SGST or IGST once it is.
  /** Whether the business is registered for GST: then GSTIN, BUSINESS_LEGAL_NAME and BUSINESS_ADDRESS are required. */
  GST_REGISTERED: booleanFlag.default(false),
  /** The legal name printed as the supplier on receipts and invoices (the name on the GST registration). */
  BUSINESS_LEGAL_NAME: z
    .string()
    .trim()
    .min(2, { error: 'BUSINESS_LEGAL_NAME is the legal name of the business, at least 2 characters' })
    .max(200, { error: 'BUSINESS_LEGAL_NAME is at most 200 characters' })
    .default('TownWorks'),
  /** The business's address as invoices print it (the principal place of business of the registration). */
  BUSINESS_ADDRESS: z
    .string()
    .trim()
    .min(5, { error: 'BUSINESS_ADDRESS is the full postal address, at least 5 characters' })
    .max(500, { error: 'BUSINESS_ADDRESS is at most 500 characters' })
    .optional(),
  /** The GST state code of the business's registration (36 Telangana); the GSTIN starts with it. */
  BUSINESS_STATE_CODE: z
    .string()
    .trim()
    .refine(isGstStateCode, { error: 'BUSINESS_STATE_CODE is a two-digit GST state code, like 36 (Telangana)' })
    .default('36'),
  /** The business's GSTIN: format, state code and check character are verified. */
  GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      const problem = gstinProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: `GSTIN ${value} is not valid: ${problem}` })
    })
    .optional(),
})

/** What PHOTO_STORAGE=s3 needs besides S3_REGION (which has a default). */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** Rules across several variables, checked on the raw environment so they are reported with the rest. */
function crossFieldIssues(env: NodeJS.ProcessEnv): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = []
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    issues.push({ path: 'SESSION_SECRET', message: 'SESSION_SECRET is required in production' })
  }
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    issues.push({
      path: 'ADMIN_PASSWORD',
      message: 'ADMIN_USERNAME and ADMIN_PASSWORD go together: set both or neither',
    })
  }
  const razorpay = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const
  if (razorpay.some((name) => env[name])) {
    for (const name of razorpay) {
      if (!env[name]) issues.push({ path: name, message: `${name} is required with the other Razorpay settings` })
    }
  }
  if (['1', 'true', 'yes'].includes(env.GST_REGISTERED ?? '')) {
    for (const name of ['GSTIN', 'BUSINESS_LEGAL_NAME', 'BUSINESS_ADDRESS'] as const) {
      if (!env[name]?.trim()) {
        issues.push({ path: name, message: `${name} is required when GST_REGISTERED=1: a tax invoice prints it` })
      }
    }
  }
  const gstin = env.GSTIN?.trim().toUpperCase()
  const stateCode = env.BUSINESS_STATE_CODE?.trim() || '36'
  if (gstin && gstinProblem(gstin) === null && gstin.slice(0, 2) !== stateCode) {
    issues.push({
      path: 'BUSINESS_STATE_CODE',
      message: `The GSTIN is registered in ${GST_STATES[gstin.slice(0, 2)]} (${gstin.slice(0, 2)}) but BUSINESS_STATE_CODE is ${stateCode}: set BUSINESS_STATE_CODE=${gstin.slice(0, 2)}`,
    })
  }
  if (env.PHOTO_STORAGE === 's3') {
    for (const name of S3_REQUIRED) {
      if (!env[name]) issues.push({ path: name, message: `${name} is required when PHOTO_STORAGE=s3` })
    }
  }
  if (env.NOTIFICATION_PROVIDER === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
      if (!env[name]) issues.push({ path: name, message: `${name} is required when NOTIFICATION_PROVIDER=twilio` })
    }
    if (!env.TWILIO_FROM && !env.TWILIO_WHATSAPP_FROM) {
      issues.push({
        path: 'TWILIO_FROM',
        message: 'Set TWILIO_FROM (SMS), TWILIO_WHATSAPP_FROM (WhatsApp) or both when NOTIFICATION_PROVIDER=twilio',
      })
    }
    if (env.TWILIO_FROM && !env.SMS_DLT_ENTITY_ID) {
      issues.push({
        path: 'SMS_DLT_ENTITY_ID',
        message: 'Indian SMS needs the DLT entity id of the sender: set SMS_DLT_ENTITY_ID with TWILIO_FROM',
      })
    }
  }
  return issues
}

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PAYMENTS_SANDBOX' | 'API_DOCS'> & {
  dataDir: string
  /** Whether the sandbox checkout is on: PAYMENTS_SANDBOX when set, otherwise everywhere but production. */
  PAYMENTS_SANDBOX: boolean
  /** Resolved: public in development and tests unless set, staff-only in production. */
  API_DOCS: 'public' | 'staff'
}

/** Thrown when the environment is not a valid configuration; the message lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Read and validate the environment once, at boot. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
    ...crossFieldIssues(env),
  ]
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((i) => `  - ${i.path || 'environment'}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    PAYMENTS_SANDBOX: parsed.data.PAYMENTS_SANDBOX ?? parsed.data.NODE_ENV !== 'production',
    API_DOCS: parsed.data.API_DOCS ?? (parsed.data.NODE_ENV === 'production' ? 'staff' : 'public'),
  }
}

/** Whether Razorpay's three settings are all present. */
export const razorpayConfigured = (config: Config): boolean =>
  Boolean(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET)

/** A valid configuration that is still dangerous: the server logs each of these loudly at start. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = []
  if (config.NODE_ENV === 'production' && config.PAYMENTS_SANDBOX && !razorpayConfigured(config)) {
    warnings.push(
      'PAYMENTS_SANDBOX is on in production: customers can approve sandbox payments that no money backs, ' +
        'and tasks become paid. Use it only for a demo; set the Razorpay keys for real payments.',
    )
  }
  if (config.GSTIN && !config.GST_REGISTERED) {
    warnings.push(
      'GSTIN is set but GST_REGISTERED is off: payments get plain receipts, not tax invoices. ' +
        'Set GST_REGISTERED=1 from the day the registration is effective.',
    )
  }
  if (config.PHOTO_STORAGE === 'database' && S3_REQUIRED.some((name) => config[name])) {
    warnings.push(
      'S3_* settings are set but PHOTO_STORAGE is database: photos are kept in the database, not the object store. ' +
        'Set PHOTO_STORAGE=s3 to use the object store.',
    )
  }
  return warnings
}
