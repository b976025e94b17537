/**
 * The job runner (docs/decisions/022): every app server runs one. Each poll it runs every job
 * once, one after another. A job keeps no state in memory that matters: what is due and what
 * was done lives in the database, and each job makes its own work safe against the other app
 * servers (row locks with SKIP LOCKED, unique keys written with the effect). A failing job is
 * logged and tried again after a growing pause; it never takes the server down. While the
 * database is unavailable (`isOutage`), the runner logs once, pauses every job with a shorter
 * cap so it resumes soon after the database returns, and logs again when a job succeeds
 * (docs/decisions/025). With `due`, each poll first asks once which jobs may have work and skips
 * the others (docs/decisions/135). A job that answers `true` did work and may have more due (a
 * backlog): the next poll starts at once instead of after the interval (docs/decisions/138).
 */

export interface Job {
  name: string;
  /** `true`: it did work and more may be due now (a full batch), so the next poll starts at once. */
  run(now: Date): Promise<boolean | void>;
}

export interface JobRunnerOptions {
  jobs: Job[];
  pollMs: number;
  /** The longest pause after repeated failures of a job. */
  maxBackoffMs?: number;
  log?: (message: string, error?: unknown) => void;
  now?: () => Date;
  /** Whether an error means the database is unavailable (an outage, not a fault of the job). */
  isOutage?: (error: unknown) => boolean;
  /** The longest pause during an outage (default: 30 s, or maxBackoffMs if smaller). */
  maxOutageBackoffMs?: number;
  /**
   * Which jobs may have work at `now`, by name: a job answered `false` is skipped, one not named
   * runs. Must never answer `false` for a job that has work. Asked again after a job ran (it may
   * have made work for those after it); when it throws, every job runs.
   */
  due?: (now: Date) => Promise<Record<string, boolean>>;
}

export interface JobRunner {
  /** Stops polling and waits for the work in flight, at most `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves after the next complete poll (tests and the first poll after start-up). */
  idle(): Promise<void>;
}

/** The pause before retrying a job that failed `failures` times in a row: the poll, doubled each time, capped. */
export function backoffMs(failures: number, pollMs: number, maxMs: number): number {
  if (failures <= 0) return pollMs;
  return Math.min(maxMs, pollMs * 2 ** Math.min(failures, 20));
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { jobs, pollMs } = options;
  const maxBackoffMs = options.maxBackoffMs ?? 10 * 60_000;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ""));
  const clock = options.now ?? (() => new Date());
  const isOutage = options.isOutage ?? (() => false);
  const maxOutageBackoffMs = Math.min(maxBackoffMs, options.maxOutageBackoffMs ?? 30_000);
  let outageSince: number | null = null;
  let dueFailing = false;
  const state = new Map(jobs.map((j) => [j.name, { failures: 0, notBefore: 0 }]));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let waiters: Array<() => void> = [];

  /** The database answered (a job, or the due check): an outage is over. */
  function answered() {
    if (outageSince === null) return;
    log(`jobs: the database is back after ${Math.round((Date.now() - outageSince) / 1000)} s; jobs resumed`);
    outageSince = null;
  }

  /** The due answers, or null (every job runs) without `due` or when it throws. */
  async function askDue(): Promise<Record<string, boolean> | null> {
    if (!options.due) return null;
    try {
      const answers = await options.due(clock());
      dueFailing = false;
      answered();
      return answers;
    } catch (error) {
      // Logged once per streak; an outage is the jobs' to report, as before.
      if (!dueFailing && !stopped && !isOutage(error)) log("jobs: the due check failed; every job runs:", error);
      dueFailing = true;
      return null;
    }
  }

  /** Runs the due jobs once; answers whether one of them may have more due now. */
  async function poll(): Promise<boolean> {
    let more = false;
    let due: Record<string, boolean> | null | undefined;
    // A job ran since the answers: they may be out of date for the jobs after it (the outbox after booking events).
    let stale = false;
    for (const job of jobs) {
      if (stopped) break;
      const s = state.get(job.name)!;
      if (Date.now() < s.notBefore) continue;
      if (due === undefined || (stale && due?.[job.name] === false)) {
        due = await askDue();
        stale = false;
      }
      if (due?.[job.name] === false) continue;
      stale = true;
      try {
        if ((await job.run(clock())) === true) more = true;
        s.failures = 0;
        s.notBefore = 0;
        answered();
      } catch (error) {
        s.failures += 1;
        if (isOutage(error)) {
          // Every job needs the database: all of them wait, and the outage is logged once.
          const pause = backoffMs(s.failures, pollMs, maxOutageBackoffMs);
          for (const other of state.values()) other.notBefore = Math.max(other.notBefore, Date.now() + pause);
          if (outageSince === null && !stopped)
            log(`jobs: the database is unavailable; jobs paused until it is back:`, error);
          outageSince ??= Date.now();
          break;
        }
        const pause = backoffMs(s.failures, pollMs, maxBackoffMs);
        s.notBefore = Date.now() + pause;
        if (!stopped)
          log(`jobs: ${job.name} failed (${s.failures} in a row; next try in ${Math.round(pause / 1000)} s):`, error);
      }
    }
    return more && !stopped;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      let more = false;
      inFlight = poll()
        .then((answer) => void (more = answer))
        .catch((error) => log("jobs: poll failed:", error))
        .finally(() => {
          const done = waiters;
          waiters = [];
          for (const w of done) w();
          // A backlog: at once. Otherwise a little jitter, so servers started together do not poll in lockstep.
          schedule(more ? 0 : pollMs * (0.9 + Math.random() * 0.2));
        });
    }, delay);
    // The runner alone never keeps the process alive.
    timer.unref?.();
  }

  schedule(0);

  return {
    async stop(graceMs = 5_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, graceMs);
        graceTimer.unref?.();
      });
      await Promise.race([inFlight, grace]);
      if (graceTimer) clearTimeout(graceTimer);
      for (const w of waiters) w();
      waiters = [];
    },
    idle() {
      return new Promise<void>((resolve) => {
        if (stopped) resolve();
        else waiters.push(resolve);
      });
    },
  };
}
