// Settings of outbound events, read from the environment once per process (README, "Configuration").

function numberFrom(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}, not ${raw}`);
  return value;
}

export interface WebhookSettings {
  /** One HTTP attempt may take this long, connect to last byte read. */
  timeoutMs: number;
  /** First retry delay; each further retry doubles it (with ±20 % jitter) up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A delivery keeps being retried until this long after its first send (or its redeliver). */
  retryWindowMs: number;
  /** A subscription whose attempts failed without a success for this long is disabled. */
  disableAfterMs: number;
  /** ... and only after at least this many consecutive failures (a lone failure never disables). */
  disableAfterFailures: number;
  /** The old secret keeps signing this long after a rotation. */
  secretGraceMs: number;
  /** CIDR ranges deliveries may reach although they are private, loopback or link-local. */
  allowedNetworks: string[];
}

const HOUR_MS = 60 * 60 * 1000;

export function webhookSettings(): WebhookSettings {
  return {
    timeoutMs: numberFrom('LEDGER_WEBHOOK_TIMEOUT_MS', 10_000, 100),
    backoffBaseMs: numberFrom('LEDGER_WEBHOOK_BACKOFF_BASE_MS', 10_000, 1),
    backoffMaxMs: numberFrom('LEDGER_WEBHOOK_BACKOFF_MAX_MS', 6 * HOUR_MS, 1),
    retryWindowMs: numberFrom('LEDGER_WEBHOOK_RETRY_HOURS', 24, 0) * HOUR_MS,
    disableAfterMs: numberFrom('LEDGER_WEBHOOK_DISABLE_AFTER_HOURS', 72, 0) * HOUR_MS,
    disableAfterFailures: numberFrom('LEDGER_WEBHOOK_DISABLE_AFTER_FAILURES', 10, 1),
    secretGraceMs: 24 * HOUR_MS,
    allowedNetworks: (process.env.LEDGER_WEBHOOK_ALLOWED_NETWORKS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  };
}

/** Delay before retry number `failures` (1 = after the first failed attempt), with ±20 % jitter. */
export function backoffMs(
  failures: number,
  settings: Pick<WebhookSettings, 'backoffBaseMs' | 'backoffMaxMs'>,
  random = Math.random,
): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 40);
  const base = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** exponent);
  return Math.round(base * (0.8 + random() * 0.4));
}
