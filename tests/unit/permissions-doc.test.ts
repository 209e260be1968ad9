import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionsDoc, permissionsDocPath } from '../../server/tools/permissions-doc.ts';

describe('docs/permissions.md', () => {
  it('is what npx tsx server/tools/permissions-doc.ts writes from the registry and the default scopes', () => {
    expect(
      fs.readFileSync(permissionsDocPath, 'utf8'),
      'docs/permissions.md is out of date: run npx tsx server/tools/permissions-doc.ts',
    ).toBe(permissionsDoc());
  });
});
