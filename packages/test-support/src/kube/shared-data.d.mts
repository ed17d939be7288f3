/** The folder holding the reference CRD files, or a clear error naming where it looked. */
export function sharedDataDir(env?: NodeJS.ProcessEnv): string;
