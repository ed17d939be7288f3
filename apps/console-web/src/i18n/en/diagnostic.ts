/** English texts of Diagnostics (spec 002 §2.13, §8). Spec strings are copied exactly. */
export const diagnostic = {
  diagnostic: {
    start: 'Start Diagnostic',
    download: 'Download',
    inProgress: 'Diagnostic in progress',
    started: 'Diagnostic started. Please do not refresh page during diagnosis.',
    ready: 'Diagnostic file is ready to be downloaded.',
    failed: 'An error occurred while getting Diagnostic file.',
    intro:
      'Collects a health report of the server (hardware, operating system, configuration with secrets removed, drive and network checks) that MinIO tools read.',
  },
} as const;
