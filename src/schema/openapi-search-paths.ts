/**
 * The documents of the search indexes a site serves, as OpenAPI paths (docs/api.md#search-index):
 * the entries of the `q` and `text` indexes, their term shards, common terms and their parts,
 * the exhibitions' dates, the ids by slot and the filter values' shards.
 */
import {
  commonPartPath,
  exhibitionDatesPath,
  filterShardPath,
  idBlockPath,
  idChunkPath,
  searchIndexPath,
  termShardPath,
} from '../query/search/index.js';
import type { Kind, ValueParameter } from '../query/semantics/index.js';
import type { DataExamples } from './data-examples.js';
import { documentPath, jsonOf, numberSlot, slot, templateOf, type DocumentPath } from './openapi-path-template.js';

/** The search indexes' documents of a site of this data (`examples`), in the order OpenAPI lists them. */
export function searchDocumentPaths(examples: DataExamples): DocumentPath[] {
  return [
    documentPath(templateOf(searchIndexPath(slot('kind') as Kind)), searchIndexPath('exhibitor'), {
      operationId: 'getSearchIndex',
      summary: "The entry of a kind's search index, which the client SDK reads for `q` (docs/api.md#search-index)",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(templateOf(termShardPath(slot('kind') as Kind, slot('start'))), termShardPath('exhibitor', ''), {
      operationId: 'getSearchTermShard',
      summary: "One shard of the terms of a kind's search index",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(
      templateOf(commonPartPath(slot('kind') as Kind, slot('term'), numberSlot('part'))),
      examples.common && commonPartPath('exhibitor', examples.common.term, examples.common.part),
      {
        operationId: 'getSearchCommonPart',
        summary:
          "One part of a common query term's list: the entities it matches of a range of slots (docs/api.md#common-terms)",
        content: jsonOf('SearchDocument'),
      },
    ),
    documentPath(templateOf(searchIndexPath(slot('kind') as Kind, 'text')), searchIndexPath('exhibitor', 'text'), {
      operationId: 'getTextIndex',
      summary: "The entry of a kind's `text` index, which the client SDK reads for `text` (docs/api.md#text)",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(
      templateOf(termShardPath(slot('kind') as Kind, slot('start'), 'text')),
      termShardPath('exhibitor', '', 'text'),
      {
        operationId: 'getTextTermShard',
        summary: "One shard of the terms of a kind's `text` index",
        content: jsonOf('SearchDocument'),
      },
    ),
    documentPath(
      templateOf(commonPartPath(slot('kind') as Kind, slot('term'), numberSlot('part'), 'text')),
      examples.textCommon && commonPartPath('exhibitor', examples.textCommon.term, examples.textCommon.part, 'text'),
      {
        operationId: 'getTextCommonPart',
        summary: "One part of a common term's list in a kind's `text` index",
        content: jsonOf('SearchDocument'),
      },
    ),
    documentPath(`/${exhibitionDatesPath()}`, exhibitionDatesPath(), {
      operationId: 'getExhibitionDates',
      summary:
        "The exhibitions' days by rank, which the client SDK reads for `from`, `to` and `sort` (docs/api.md#dates)",
      content: jsonOf('SearchDocument'),
    }),
    documentPath(templateOf(idChunkPath(slot('kind') as Kind, numberSlot('chunk'))), idChunkPath('exhibitor', 0), {
      operationId: 'getSearchIds',
      summary:
        "A chunk of the ids of a kind's entities by slot, from which a window of matches of common terms is named",
      content: jsonOf('SearchIds'),
    }),
    documentPath(templateOf(idBlockPath(slot('kind') as Kind, numberSlot('block'))), idBlockPath('exhibitor', 0), {
      operationId: 'getSearchIdBlock',
      summary:
        "A block of the ids of a kind's entities by slot: 64 chunks' ids, read where a window needs many of them",
      content: jsonOf('SearchIds'),
    }),
    documentPath(
      templateOf(filterShardPath(slot('kind') as Kind, slot('parameter') as ValueParameter, slot('start'))),
      filterShardPath('exhibitor', 'industry', ''),
      {
        operationId: 'getSearchValueShard',
        summary: "One shard of the filter values (or the relation filter's ids) of a kind's search index",
        content: jsonOf('SearchDocument'),
      },
    ),
  ];
}
