import type { ObjectItem } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiUrl, callApi } from '../../api/client.js';
import { objectKeys, shareLinkKeys } from '../../api/queryKeys.js';

// One hook per object call of spec 001 §7. Listings are paged by the server (1000 entries a
// page) and pulled page by page as the user scrolls: a folder of a million keys is never read
// whole.

export const PAGE_LIMIT = 1000;

const objectPagesOptions = (bucket: string, prefix: string) =>
  infiniteQueryOptions({
    queryKey: objectKeys.list(bucket, prefix),
    queryFn: ({ signal, pageParam }) =>
      callApi(routes.listObjects, {
        params: { bucket },
        query: { prefix, limit: PAGE_LIMIT, ...(pageParam ? { continuation: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next,
  });

/** The pages of a folder (or, with `startsWith`, of the names in it that start so). */
export function useObjectPages(bucket: string, prefix: string, enabled = true) {
  return useInfiniteQuery({ ...objectPagesOptions(bucket, prefix), enabled });
}

/** How long a pointer rests on a folder's link before its first page is fetched. */
export const FOLDER_INTENT_MS = 65;

/**
 * Handlers for a folder's link that fetch its first page on intent: a pointer resting on it,
 * a press, keyboard focus. By the click the listing is under way or in the cache (fresh for
 * the client's staleTime), so opening the folder does not wait for the route to change first.
 */
export function useFolderIntent(bucket: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fetchNow = (prefix: string) => {
      clearTimeout(timer);
      void queryClient.prefetchInfiniteQuery(objectPagesOptions(bucket, prefix));
    };
    return (prefix: string) => ({
      onPointerEnter: () => {
        clearTimeout(timer);
        timer = setTimeout(() => fetchNow(prefix), FOLDER_INTENT_MS);
      },
      onPointerLeave: () => clearTimeout(timer),
      onPointerDown: () => fetchNow(prefix),
      onFocus: () => fetchNow(prefix),
    });
  }, [queryClient, bucket]);
}

/** GET /buckets/{bucket}/rewind/{date}: the folder as it was then (null means empty). */
export function useRewindQuery(bucket: string, prefix: string, date: string | undefined) {
  return useQuery({
    queryKey: objectKeys.rewind(bucket, prefix, date ?? ''),
    queryFn: ({ signal }) =>
      callApi(routes.rewindObjects, {
        params: { bucket, date: date ?? '' },
        query: { prefix },
        signal,
      }).then((r) => r.objects ?? []),
    enabled: date !== undefined,
  });
}

/**
 * One key with its metadata, tags, legal hold and retention. undefined when the key is not an
 * object (the browser then shows it as a folder).
 */
export function useObjectQuery(bucket: string, key: string, enabled = true) {
  return useQuery({
    queryKey: objectKeys.object(bucket, key),
    queryFn: async ({ signal }): Promise<ObjectItem | null> => {
      const page = await callApi(routes.listObjects, {
        params: { bucket },
        query: { prefix: key, with_metadata: true, limit: 2 },
        signal,
      });
      return page.objects.find((o) => o.name === key && o.last_modified !== undefined) ?? null;
    },
    enabled,
  });
}

/** Every version of one key, newest first (delete markers included). */
export function useVersionsQuery(bucket: string, key: string, enabled: boolean) {
  return useQuery({
    queryKey: objectKeys.versions(bucket, key),
    queryFn: async ({ signal }) => {
      const all: ObjectItem[] = [];
      let continuation: string | undefined;
      do {
        const page = await callApi(routes.listObjects, {
          params: { bucket },
          query: { prefix: key, with_versions: true, ...(continuation ? { continuation } : {}) },
          signal,
        });
        all.push(...page.objects);
        continuation = page.next;
      } while (continuation);
      return all;
    },
    enabled,
  });
}

/**
 * POST …/objects/share: a presigned URL for the chosen lifetime, asked for whenever the choice
 * changes. A mutation, not a query: a link is a new credential on the server, so it is never
 * fetched again behind the user's back (window focus, remounts); the server hands back the same
 * link when asked twice within a minute.
 */
export function useShareLink(
  bucket: string,
  key: string,
  version: string | undefined,
  expires: string | null,
  downloadLimit?: number,
) {
  const client = useQueryClient();
  const share = useMutation({
    mutationFn: (ask: {
      bucket: string;
      key: string;
      version: string | undefined;
      expires: string;
      downloadLimit: number | undefined;
    }) =>
      callApi(routes.shareObject, {
        params: { bucket: ask.bucket },
        query: {
          prefix: ask.key,
          ...(ask.version ? { version_id: ask.version } : {}),
          expires: ask.expires,
          ...(ask.downloadLimit === undefined ? {} : { download_limit: ask.downloadLimit }),
        },
      }),
    // Every link is recorded: the Share links screen lists it.
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.all }),
  });
  const { mutate, reset } = share;
  useEffect(() => {
    if (expires === null) reset();
    else mutate({ bucket, key, version, expires, downloadLimit });
  }, [bucket, key, version, expires, downloadLimit, mutate, reset]);
  return share;
}

/**
 * The download (or inline preview) URL: the browser fetches it with the session cookie. A
 * version named 'null' is S3's null version, asked for by that name: left out, the latest
 * version would come instead.
 */
export function objectDownloadUrl(bucket: string, key: string, version?: string, preview = false): string {
  const path = routes.downloadObject.path.replace(':bucket', encodeURIComponent(bucket));
  return apiUrl(path, {
    prefix: key,
    version_id: version || undefined,
    preview: preview || undefined,
  });
}

/**
 * POST …/objects/download-url: where the browser downloads one object, signed for the storage
 * server (or the console's own URL in proxy mode). Reads nothing back into the page.
 */
export function useSignObjectDownload(bucket: string) {
  return useMutation({
    mutationFn: ({ key, version }: { key: string; version?: string | undefined }) =>
      callApi(routes.signObjectDownload, {
        params: { bucket },
        body: { key, ...(version ? { version_id: version } : {}) },
      }),
  });
}

/**
 * POST …/objects/download-selection: checks the selection and names it with a short-lived
 * token, whose URL (selectionDownloadUrl) the browser then downloads by itself. Reads nothing
 * back into the page and changes nothing, so no listing is refreshed.
 */
export function usePrepareSelectionDownload(bucket: string) {
  return useMutation({
    mutationFn: (selection: { prefix: string; keys: string[]; prefixes: string[] }) =>
      callApi(routes.prepareSelectionDownload, { params: { bucket }, body: selection }),
  });
}

/** The ZIP of a prepared selection: the browser fetches it with the session cookie. */
export function selectionDownloadUrl(bucket: string, token: string): string {
  return apiUrl(
    routes.downloadSelection.path
      .replace(':bucket', encodeURIComponent(bucket))
      .replace(':token', encodeURIComponent(token)),
  );
}

/** Every mutation refreshes the bucket's listings and object views. */
function useObjectMutation<V, R>(bucket: string, call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: objectKeys.bucket(bucket) }),
  });
}

// 'null' is sent as it is: without it, a delete meant for the null version of a versioned
// key would add a delete marker instead, and leave that version in place.
const versionQuery = (version: string | undefined) => (version ? { version_id: version } : {});

export interface DeleteTarget {
  path: string;
  version?: string | undefined;
  /** Every version of the key. */
  allVersions?: boolean;
}

/** DELETE …/objects: one object, one version, or a folder (recursive). */
export const useDeleteObject = (bucket: string) =>
  useObjectMutation(bucket, ({ path, version, allVersions }: DeleteTarget) =>
    callApi(routes.deleteObject, {
      params: { bucket },
      query: {
        path,
        ...versionQuery(version),
        ...(path.endsWith('/') ? { recursive: true } : {}),
        ...(allVersions ? { all_versions: true } : {}),
      },
    }),
  );

/** The call's limit: a larger selection goes in several calls. */
export const DELETE_BATCH = 1000;

/** POST …/delete-objects: the checked rows, folders recursively, 1000 to a call. */
export const useDeleteObjects = (bucket: string) =>
  useObjectMutation(bucket, async (paths: readonly string[]) => {
    const total = { deleted: 0, errors: [] as { path: string; message: string }[] };
    for (let i = 0; i < paths.length; i += DELETE_BATCH) {
      const result = await callApi(routes.deleteObjects, {
        params: { bucket },
        body: paths
          .slice(i, i + DELETE_BATCH)
          .map((path) => ({ path, ...(path.endsWith('/') ? { recursive: true } : {}) })),
      });
      total.deleted += result.deleted;
      total.errors.push(...result.errors);
    }
    return total;
  });

interface ObjectRef {
  key: string;
  version?: string | undefined;
}

export const usePutTags = (bucket: string) =>
  useObjectMutation(bucket, ({ key, version, tags }: ObjectRef & { tags: Record<string, string> }) =>
    callApi(routes.putObjectTags, {
      params: { bucket },
      query: { prefix: key, ...versionQuery(version) },
      body: { tags },
    }),
  );

export const usePutRetention = (bucket: string) =>
  useObjectMutation(
    bucket,
    ({ key, version, mode, expires }: ObjectRef & { mode: 'governance' | 'compliance'; expires: string }) =>
      callApi(routes.putObjectRetention, {
        params: { bucket },
        query: { prefix: key, ...versionQuery(version) },
        body: { mode, expires, governance_bypass: true },
      }),
  );

export const useDeleteRetention = (bucket: string) =>
  useObjectMutation(bucket, ({ key, version }: ObjectRef) =>
    callApi(routes.deleteObjectRetention, {
      params: { bucket },
      query: { prefix: key, ...versionQuery(version) },
    }),
  );

export const usePutLegalHold = (bucket: string) =>
  useObjectMutation(bucket, ({ key, version, on }: ObjectRef & { on: boolean }) =>
    callApi(routes.putObjectLegalHold, {
      params: { bucket },
      query: { prefix: key, ...versionQuery(version) },
      body: { status: on ? 'enabled' : 'disabled' },
    }),
  );

/** Refreshes a bucket's listings (Refresh button, finished uploads). */
export function useRefreshObjects(bucket: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: objectKeys.bucket(bucket) });
}
