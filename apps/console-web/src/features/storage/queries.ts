import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { storageKeys } from '../../api/queryKeys.js';

/** GET /list-pvcs: every tenant's volume claims. */
export function useVolumeClaimsQuery() {
  return useQuery({
    queryKey: storageKeys.volumes(),
    queryFn: ({ signal }) => callApi(routes.listVolumeClaims, { signal }),
  });
}

/** GET /direct-csi/drives. Spec 002 §8: a failure means the driver is missing; no retries. */
export function useDrivesQuery() {
  return useQuery({
    queryKey: storageKeys.drives(),
    queryFn: ({ signal }) => callApi(routes.listDirectCsiDrives, { signal }),
    retry: false,
  });
}

/** POST /direct-csi/drives/format; spec 002 §4: the drive list refreshes afterwards. */
export function useFormatDrives() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<typeof routes.formatDirectCsiDrives>['body']) =>
      callApi(routes.formatDirectCsiDrives, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: storageKeys.drives() }),
  });
}
