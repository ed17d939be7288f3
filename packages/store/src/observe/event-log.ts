// What a notification target is given for one event: MinIO's event.Log, one record. Its
// Key is `bucket/object` with the object key unescaped; the record keeps it escaped.

export interface EventLog {
  EventName: string;
  Key: string;
  Records: { eventTime: string }[];
}

/** The JSON MinIO keeps in database rows and Redis hashes: `{"Records":[record]}`. */
export const recordsDocument = (log: EventLog): string => JSON.stringify({ Records: log.Records });

/** When the event happened (the record's eventTime). */
export const eventTime = (log: EventLog): Date => new Date(log.Records[0]?.eventTime ?? Date.now());

/** A "namespace" target drops its row for the object on this event, and keeps one on any other. */
export const removesObject = (log: EventLog): boolean => log.EventName === 's3:ObjectRemoved:Delete';

/** Event formats of the Redis, database and Elasticsearch targets. */
export type EventFormat = 'namespace' | 'access';
