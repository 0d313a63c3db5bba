/**
 * The public API is an explicit list: the names each entry point of the package exports
 * (package.json `exports`) are pinned here, so none appears or disappears by accident.
 * Runtime names are read from the modules themselves; type names from the TypeScript
 * checker.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ENTRY_POINTS = {
  'dataset-site': {
    module: 'src/index.ts',
    values: [
      'UserError',
      'build',
      'checkPublished',
      'formatDiagnostic',
      'formatDiagnostics',
      'initDeploy',
      'publishSite',
      'queryDataset',
      'resolveConfig',
      'serve',
      'verifySite',
    ],
    types: [
      'BuildOptions',
      'BuildResult',
      'DeployFile',
      'Diagnostic',
      'Difference',
      'InitDeployOptions',
      'PreviewServer',
      'PublishCredentials',
      'PublishOptions',
      'PublishResult',
      'PublishedCheck',
      'QueryOptions',
      'QueryResult',
      'ResolvedConfig',
      'ServeOptions',
      'VerifyOptions',
      'VerifyResult',
    ],
  },
  'dataset-site/query': {
    module: 'src/query/index.ts',
    values: [
      'ALLOWED_METHODS',
      'API_HEADERS',
      'API_ROOT',
      'COLLECTIONS',
      'DATASET_PARAMETER_SCHEMAS',
      'DATASET_ROUTE',
      'DATASET_TYPES',
      'DEFAULT_LIMIT',
      'Dataset',
      'ERROR_STATUS',
      'FILTERS',
      'FILTER_FIELDS',
      'KINDS',
      'MAX_LIMIT',
      'MAX_Q_LENGTH',
      'NAME_FIELDS',
      'PAGE_SIZE',
      'SCHEMA_PATH',
      'SCHEMA_ROUTE',
      'SCHEMA_VERSION',
      'SiteError',
      'answerDataset',
      'answerListingPage',
      'answerRelationPage',
      'createRouter',
      'entityPath',
      'errorBody',
      'fetchStore',
      'listingPath',
      'normalize',
      'parseDatasetQuery',
      'queryUrl',
      'relationPath',
      'searchIndexPath',
      'staticUrl',
      'tokenize',
    ],
    types: [
      'Collection',
      'DatasetMeta',
      'DatasetParameter',
      'DatasetQuery',
      'DatasetResponse',
      'DatasetType',
      'Dictionary',
      'DocumentStore',
      'EntitiesByKind',
      'Entity',
      'ErrorBody',
      'ErrorCode',
      'FetchLike',
      'Filter',
      'FilterValues',
      'Kind',
      'ParameterError',
      'ParameterSchema',
      'ParseResult',
      'Relation',
      'ResponseContext',
      'Router',
      'RouterOptions',
      'RouterRequest',
      'RouterResponse',
    ],
  },
  'dataset-site/client': {
    module: 'src/client/index.ts',
    values: ['ApiError', 'createClient', 'routerClient'],
    types: [
      'ChangeSetDocument',
      'ChangesSince',
      'ClientFetch',
      'ClientOptions',
      'DatasetClient',
      'DatasetMeta',
      'DatasetParams',
      'DatasetResponse',
      'DatasetType',
      'Entity',
      'ErrorBody',
      'Exhibition',
      'ExhibitionStatus',
      'Exhibitor',
      'FetchLike',
      'RouterResponse',
      'SchemaDocument',
      'ServiceProvider',
      'Sort',
      'TypedDatasetResponse',
    ],
  },
} as const;

const program = ts.createProgram(
  Object.values(ENTRY_POINTS).map(({ module }) => path.resolve(module)),
  {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  },
);

/** Names a module exports only as types (interfaces, type aliases). */
function typeOnlyExports(module: string): string[] {
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(path.resolve(module))!)!;
  return checker
    .getExportsOfModule(symbol)
    .filter((exported) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      return !(target.flags & ts.SymbolFlags.Value);
    })
    .map((exported) => exported.name)
    .sort();
}

describe.each(Object.entries(ENTRY_POINTS))('%s', (_, { module, values, types }) => {
  it('exports exactly its listed values', async () => {
    expect(Object.keys(await import(path.resolve(module))).sort()).toEqual([...values].sort());
  });

  it('exports exactly its listed types', () => {
    expect(typeOnlyExports(module)).toEqual([...types].sort());
  });
});
