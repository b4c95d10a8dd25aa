export type HealthStatus = 'up' | 'down';

export interface HealthCheckResult {
  status: HealthStatus;
  /** Why a check is down, for operators; never shown to viewers. */
  error?: string;
}

/** A service's answer to its health subject. */
export interface ServiceHealthReport {
  service: string;
  status: HealthStatus;
  checks: Record<string, HealthCheckResult>;
  uptimeSeconds: number;
  /** Messages it could not read and refused or dropped since it started, by where they came (never a reason to be down). */
  rejectedMessages?: Record<'request' | 'notice' | 'event' | 'job', number>;
}

/** The gateway's `GET /api/health` answer. */
export interface PlatformHealthReport {
  status: 'up' | 'degraded';
  services: Record<
    string,
    { status: HealthStatus; checks?: Record<string, HealthCheckResult>; error?: string }
  >;
}
