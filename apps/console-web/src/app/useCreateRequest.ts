import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CREATE_PARAM } from './commands.js';

/**
 * A list page's "create" dialog state, opened from the command palette by `?create=1`; the
 * parameter is removed at once so Back or a reload does not open the dialog again.
 */
export function useCreateRequest(): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!params.has(CREATE_PARAM)) return;
    setOpen(true);
    const rest = new URLSearchParams(params);
    rest.delete(CREATE_PARAM);
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return [open, setOpen];
}
