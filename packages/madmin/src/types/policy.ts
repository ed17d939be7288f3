/** An IAM policy document as MinIO serialises it; kept loose because users write them freely. */
export interface PolicyDocument {
  Version?: string;
  ID?: string;
  Statement?: PolicyStatement[] | PolicyStatement | null;
  [key: string]: unknown;
}

export interface PolicyStatement {
  Sid?: string;
  Effect?: 'Allow' | 'Deny';
  Principal?: unknown;
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}
