/**
 * The record the Worker over R2 keeps in its bucket (`.dataset-site/worker.json` under the
 * site's prefix): the site formats it reads and its dataset-site version. The Worker writes
 * it when an isolate answers its first request, so the bucket says which Worker is
 * deployed, and `publish` refuses a site that Worker cannot read (publish/worker-format.ts).
 * Imports nothing from Node: the Worker bundles it.
 */
import { SITE_FORMAT } from '../query/formats/index.js';
import { WORKER_RECORD_PATH } from '../query/formats/index.js';

/** What the record says. */
export interface WorkerRecord {
  /** The site formats the Worker reads (query/formats/site-documents.ts). */
  formats: string[];
  /** The dataset-site version the Worker was bundled from. */
  version: string;
}

/** The part of an R2 bucket binding the record needs. */
export interface RecordBucket {
  get(key: string): Promise<{ text(): Promise<string> } | null>;
  put(
    key: string,
    value: string,
    options: { httpMetadata: { contentType: string; cacheControl: string } },
  ): Promise<unknown>;
}

/** The record's text for a Worker of `version` reading `formats`. */
export function workerRecordText(version: string, formats: readonly string[] = [SITE_FORMAT]): string {
  return `${JSON.stringify({ formats: [...formats], version } satisfies WorkerRecord)}\n`;
}

/** The record in `text`, or `undefined` when it is not one. */
export function parseWorkerRecord(text: string): WorkerRecord | undefined {
  try {
    const record = JSON.parse(text) as Partial<WorkerRecord>;
    const valid =
      Array.isArray(record.formats) &&
      record.formats.every((format) => typeof format === 'string') &&
      typeof record.version === 'string';
    return valid ? (record as WorkerRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes this Worker's record under `prefix` unless the bucket holds it already. */
export async function recordWorker(bucket: RecordBucket, prefix: string, version: string): Promise<void> {
  const text = workerRecordText(version);
  const held = await bucket.get(prefix + WORKER_RECORD_PATH);
  if ((await held?.text()) !== text)
    await bucket.put(prefix + WORKER_RECORD_PATH, text, {
      httpMetadata: { contentType: 'application/json', cacheControl: 'no-store' },
    });
}
