/** How far back the speed is measured: long enough to be steady, short enough to follow a change. */
const WINDOW_MS = 8000;

export interface TransferReading {
  /** 0–100, whole. */
  percent: number;
  /** Bytes a second over the last few seconds; null until there is enough to tell. */
  bytesPerSecond: number | null;
  /** Seconds left at that speed; null while the speed is unknown. */
  secondsLeft: number | null;
}

/** Turns an upload's progress reports into its percent, speed and time left. */
export class TransferMeter {
  private samples: Array<{ at: number; bytes: number }> = [];

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** A report of `sent` of `total` bytes; a resumed upload may report fewer than before. */
  read(sent: number, total: number): TransferReading {
    const at = this.now();
    const last = this.samples.at(-1);
    if (last && sent < last.bytes) this.samples = [];
    this.samples.push({ at, bytes: sent });
    while (this.samples.length > 2 && at - this.samples[1].at >= WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    const elapsed = (at - first.at) / 1000;
    const bytesPerSecond = elapsed >= 1 ? (sent - first.bytes) / elapsed : null;
    const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
    const secondsLeft =
      bytesPerSecond && bytesPerSecond > 0 ? Math.ceil((total - sent) / bytesPerSecond) : null;
    return { percent, bytesPerSecond, secondsLeft };
  }
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → '1.5 KB', 20 GB → '20 GB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 || unit === 0 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

/** '3.2 MB/s', or an ellipsis while the speed is not known. */
export function formatRate(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? '…' : `${formatBytes(bytesPerSecond)}/s`;
}

/** '45 s left', '12 min left', '2 h 5 min left'. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null) return 'Working out time left…';
  if (seconds < 60) return `${Math.max(1, seconds)} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes % 60} min left`;
}
