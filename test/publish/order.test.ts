/** The order of a publish's requests, as one pure function. */
import { describe, expect, it } from 'vitest';
import { publishPhases } from '../../src/publish/order.js';

describe('publishPhases', () => {
  it('puts new objects before changed ones, entities before what links to them, the indexes and then the entry and root files last, then the manifest, then deletions', () => {
    const uploads = [
      { path: '_headers', isNew: false, drifted: false },
      { path: 'api/public/schema.json', isNew: false, drifted: false },
      { path: 'api/public/dataset/all/1.json', isNew: false, drifted: false },
      { path: 'api/public/dataset/all/5.json', isNew: true, drifted: false },
      { path: 'api/public/exhibitions/E9.json', isNew: true, drifted: false },
      { path: 'api/public/exhibitions/E9/exhibitors/1.json', isNew: true, drifted: false },
      { path: 'api/public/exhibitors/X1.json', isNew: false, drifted: false },
      { path: 'api/public/regions/~/köln/providers/1.json', isNew: false, drifted: false },
      { path: 'api/public/search/exhibition.json', isNew: false, drifted: false },
    ];
    expect(
      publishPhases({
        uploads,
        deletions: ['api/public/exhibitors/X2.json'],
        strays: [],
        unchanged: 10,
        headerChecks: [],
      }),
    ).toEqual([
      { action: 'upload', name: 'new entities', paths: ['api/public/exhibitions/E9.json'] },
      {
        action: 'upload',
        name: 'new documents',
        paths: ['api/public/dataset/all/5.json', 'api/public/exhibitions/E9/exhibitors/1.json'],
      },
      { action: 'upload', name: 'changed entities', paths: ['api/public/exhibitors/X1.json'] },
      {
        action: 'upload',
        name: 'changed documents',
        paths: ['api/public/dataset/all/1.json', 'api/public/regions/~/köln/providers/1.json'],
      },
      { action: 'upload', name: 'indexes', paths: ['api/public/search/exhibition.json'] },
      { action: 'upload', name: 'the schema', paths: ['api/public/schema.json'] },
      { action: 'upload', name: 'root files', paths: ['_headers'] },
      { action: 'write-manifest', name: 'published manifest' },
      { action: 'delete', name: 'deletions', paths: ['api/public/exhibitors/X2.json'] },
    ]);
  });

  it('keeps a new entry document last among the uploads (a first publish)', () => {
    const phases = publishPhases({
      uploads: [
        { path: 'api/public/schema.json', isNew: true, drifted: false },
        { path: 'api/public/exhibitors/X1.json', isNew: true, drifted: false },
      ],
      deletions: [],
      strays: [],
      headerChecks: [],
      unchanged: 0,
    });
    expect(phases.map((phase) => phase.name)).toEqual(['new entities', 'the schema', 'published manifest']);
  });

  it('writes only the manifest when nothing is to upload or delete', () => {
    expect(publishPhases({ uploads: [], deletions: [], strays: [], unchanged: 3, headerChecks: [] })).toEqual([
      { action: 'write-manifest', name: 'published manifest' },
    ]);
  });
});
