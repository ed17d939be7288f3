import { routes } from '@stowage/contract';
import type { RouteDeps } from '../app.js';
import type { Binder } from '../http/bind.js';
import { JobRunner } from '../services/jobs/runner.js';
import { type JobCaller, JobService } from '../services/jobs/service.js';
import { JobStore } from '../services/jobs/store.js';
import type { Session } from '../session/store.js';

// Bulk jobs (services/jobs/): the routes, and the runner that goes on with the jobs a previous
// console left running. Each call also deletes the caller's ended jobs' leftover accounts.

export interface JobRoutes {
  runner: JobRunner;
  /** Stops the runner's loops after their page in hand; the jobs stay running for the next console. */
  close(): Promise<void>;
}

export function registerJobRoutes(bind: Binder, deps: RouteDeps): JobRoutes {
  const store = new JobStore(deps.database);
  const runner = new JobRunner({
    store,
    gateway: deps.gateway,
    ...(deps.jobs?.afterPage ? { afterPage: deps.jobs.afterPage } : {}),
    ...(deps.warn ? { log: deps.warn } : {}),
  });
  const service = new JobService(store, runner, deps.gateway);
  const caller = async (session: Session): Promise<JobCaller> => {
    const who = { owner: session.accountAccessKey, credentials: session.credentials };
    await service.cleanUp(who);
    return who;
  };

  bind.authed(routes.dryRunJob, async ({ session, body }) => service.dryRun(await caller(session), body));
  bind.authed(routes.createJob, async ({ session, body }) => service.create(await caller(session), body));
  bind.authed(routes.listJobs, async ({ session }) => ({ jobs: service.list(await caller(session)) }));
  bind.authed(routes.getJob, async ({ session, params }) => service.get(await caller(session), params.id));
  bind.authed(routes.pauseJob, async ({ session, params }) =>
    service.pause(await caller(session), params.id),
  );
  bind.authed(routes.resumeJob, async ({ session, params }) =>
    service.resume(await caller(session), params.id),
  );
  bind.authed(routes.retryJob, async ({ session, params }) =>
    service.retry(await caller(session), params.id),
  );
  bind.authed(routes.cancelJob, async ({ session, params }) =>
    service.cancel(await caller(session), params.id),
  );
  bind.authed(routes.undoJob, async ({ session, params }) => service.undo(await caller(session), params.id));
  bind.authedStream(routes.getJobReport, async ({ session, params, reply }) => {
    const report = service.report(await caller(session), params.id);
    return reply
      .code(200)
      .headers({
        'content-type': 'application/x-ndjson',
        'content-disposition': `attachment; filename="job-${params.id}-report.jsonl"`,
      })
      .send(report);
  });

  runner.resumeLeftRunning();
  return { runner, close: () => runner.close() };
}
