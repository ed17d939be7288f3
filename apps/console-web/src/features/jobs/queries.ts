import type { Job, JobRequest } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '../../api/client.js';
import { jobKeys } from '../../api/queryKeys.js';

/** How often the list is read again while a job runs. */
export const JOB_POLL_MS = 2000;

const isLive = (job: Job) => job.state === 'running';

/** GET /jobs: read again every JOB_POLL_MS while any job runs. */
export function useJobsQuery() {
  return useQuery({
    queryKey: jobKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listJobs, { signal }),
    refetchInterval: (query) => (query.state.data?.jobs.some(isLive) ? JOB_POLL_MS : false),
  });
}

/** POST /jobs/dry-run: what the job would touch, changing nothing. */
export function useJobDryRun() {
  return useMutation({ mutationFn: (body: JobRequest) => callApi(routes.dryRunJob, { body }) });
}

/** POST /jobs. */
export function useCreateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JobRequest) => callApi(routes.createJob, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export type JobControl = 'pause' | 'resume' | 'cancel' | 'retry' | 'undo';

const CONTROL_ROUTES = {
  pause: routes.pauseJob,
  resume: routes.resumeJob,
  cancel: routes.cancelJob,
  retry: routes.retryJob,
  undo: routes.undoJob,
} as const;

/** POST /jobs/{id}/pause|resume|cancel|retry|undo. */
export function useJobControl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, control }: { id: string; control: JobControl }) =>
      callApi(CONTROL_ROUTES[control], { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** GET /jobs/{id}/report: the browser downloads it with the session cookie. */
export function jobReportUrl(id: string): string {
  return apiUrl(routes.getJobReport.path.replace(':id', encodeURIComponent(id)));
}
