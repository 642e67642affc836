import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes')

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
  TRUST_PROXY: booleanFlag.default(false),
})

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
  return issues
}

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string }

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
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) }
}
