/**
 * The documents of a site made as text from its dataset and address alone: OpenAPI and the
 * entity schemas, llms.txt, the facets and their index, and the host files. One list, which
 * the build writes (pipeline/render/render.ts) and verify makes again to compare with what
 * is on disk. The schema document and the changes feed are not in it: the schema carries
 * the build's own description, and the feed the builds before this one.
 */
import { renderHostFiles } from '../hosts/index.js';
import { FACETS_INDEX_PATH, facetPath, LLMS_TXT_PATH, OPENAPI_PATH } from '../query/formats/index.js';
import { facetDocument, facetsIndexDocument } from './facets.js';
import { llmsTxt } from './llms-txt.js';
import { parameterExamples } from './parameter-examples.js';
import { type Dataset } from '../query/dataset/index.js';
import { KINDS, kindFilterParameters } from '../query/semantics/index.js';
import { entitySchemaDocument, entitySchemaPath, openApiDocument } from '../schema/index.js';

/** A generated document: its path in the site, its text, and whether its `generated_at` is left `""` for the writer to stamp. */
export interface GeneratedDocument {
  path: string;
  content: string;
  timestamped: boolean;
}

/** The generated documents of a site of `dataset` served under `baseUrl`, in the order the build writes them. */
export function generatedDocuments(dataset: Dataset, baseUrl: string, pageDepth?: number): GeneratedDocument[] {
  const examples = parameterExamples(dataset, baseUrl);
  const documents: GeneratedDocument[] = [
    { path: OPENAPI_PATH, content: JSON.stringify(openApiDocument(baseUrl, examples)), timestamped: false },
  ];
  for (const kind of KINDS)
    documents.push({
      path: entitySchemaPath(kind),
      content: JSON.stringify(entitySchemaDocument(kind)),
      timestamped: false,
    });
  documents.push({ path: LLMS_TXT_PATH, content: llmsTxt(dataset, baseUrl), timestamped: false });
  documents.push({ path: FACETS_INDEX_PATH, content: JSON.stringify(facetsIndexDocument(baseUrl)), timestamped: true });
  for (const kind of KINDS) {
    for (const filter of kindFilterParameters(kind))
      documents.push({
        path: facetPath(kind, filter),
        content: JSON.stringify(facetDocument(dataset, kind, filter, baseUrl)),
        timestamped: true,
      });
  }
  documents.push(...renderHostFiles(baseUrl, pageDepth));
  return documents;
}
