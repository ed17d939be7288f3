import type { CreateDropLinkRequest, DropUploadForm, ShareLink } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client.js';
import { shareLinkKeys } from '../../api/queryKeys.js';

// One hook per share-link call: the Share links screen (with a session) and the public drop page.

export const SHARE_LINKS_PAGE = 50;

/** GET /share-links: one page, newest first (every user's for an admin). */
export function useShareLinksQuery(offset: number) {
  return useQuery({
    queryKey: shareLinkKeys.page(offset),
    queryFn: ({ signal }) =>
      callApi(routes.listShareLinks, { query: { offset, limit: SHARE_LINKS_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /share-links/{id}: the link's access key is deleted on the server. */
export function useRevokeShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (link: ShareLink) => callApi(routes.revokeShareLink, { params: { id: link.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.all }),
  });
}

/** POST /share-links/drop. */
export function useCreateDropLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDropLinkRequest) => callApi(routes.createDropLink, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinkKeys.all }),
  });
}

/** GET /drop/{id} (public): what the drop page shows; a dead link is not asked again. */
export function useDropLinkQuery(id: string) {
  return useQuery({
    queryKey: shareLinkKeys.drop(id),
    queryFn: ({ signal }) => callApi(routes.getDropLink, { params: { id }, signal }),
    retry: false,
  });
}

/** The store's refusal of a drop upload, by its S3 error code (EntityTooLarge, AccessDenied...). */
export class DropUploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One file into a drop link: the console signs a POST policy for it, and the browser posts the
 * file straight to the storage server (the console never carries the bytes).
 */
export function useDropUpload(id: string) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = await callApi(routes.presignDropUpload, { params: { id }, body: { name: file.name } });
      await postToStore(form, file);
    },
  });
}

async function postToStore(form: DropUploadForm, file: File): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', file, file.name);
  const res = await fetch(form.url, { method: 'POST', body, credentials: 'omit' });
  if (res.ok) return;
  const xml = await res.text();
  const field = (tag: string) => xml.match(new RegExp(`<${tag}>([^<]*)</${tag}>`))?.[1];
  throw new DropUploadError(field('Code') ?? String(res.status), field('Message') ?? res.statusText);
}
