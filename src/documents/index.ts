/** The door of `documents`: what other rooms may use of it. */
export { generatedDocuments } from './generated-documents.js';
export { parameterExamples } from './parameter-examples.js';
