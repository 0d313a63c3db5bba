/**
 * The door of `documents` (the build's documents for agents: llms.txt, the facets, the parameter examples, the
 * generated-document list): what other rooms may use of it.
 */
export { generatedDocuments } from './generated-documents.js';
export { parameterExamples } from './parameter-examples.js';
