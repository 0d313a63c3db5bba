/** The source formats the build reads, by file name (docs/api.md#sources): named by the command line's help and by load. */
export const SOURCE_FORMATS = ['*.json', '*.ndjson', '*.jsonl', '*.csv', '*.tsv'] as const;
