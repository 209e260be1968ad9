import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The rule of eslint.config.js as `npm run lint` applies it, tried on files that break it and files that keep it.
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps the server out of the console', async () => {
    expect(
      await refusals('server/reports/example.ts', "import en from '../../core/i18n/en.ts';\nexport default en;\n"),
    ).toEqual([]);
    for (const folder of ['src/i18n/en.ts', 'providers/permissions.ts', 'custom-pages/reports/ReportPage.tsx']) {
      const found = await refusals(
        'server/reports/example.ts',
        `import x from '../../${folder}';\nexport default x;\n`,
      );
      expect(found, folder).toEqual([expect.stringContaining('move what both need to core/')]);
    }
  });

  it('keeps the shared folders free of either side', async () => {
    for (const file of ['core/example.ts', 'resources/entities/example.ts', 'brands/example.ts']) {
      const found = await refusals(
        file,
        "import { db } from '../server/db/client.ts';\nimport { httpClient } from '../providers/httpClient.ts';\nexport { db, httpClient };\n",
      );
      expect(found, file).toHaveLength(2);
    }
  });

  it('keeps core/ below resources/: core imports no declaration, a declaration imports core', async () => {
    for (const file of ['core/example.ts', 'core/i18n/example.ts']) {
      const up = file.split('/').length - 1;
      const found = await refusals(
        file,
        `import { declarations } from '${'../'.repeat(up)}resources/entities/index.ts';\nexport { declarations };\n`,
      );
      expect(found, file).toEqual([expect.stringContaining('core/ is below resources/')]);
    }
    expect(
      await refusals(
        'resources/entities/example.ts',
        "import { rules } from '../../core/rules.ts';\nexport { rules };\n",
      ),
    ).toEqual([]);
    // core's other rule still holds beside the new one
    expect(await refusals('core/example.ts', "import { db } from '../server/db/client.ts';\nexport { db };\n")).toEqual(
      [expect.stringContaining('imports neither the console nor the server')],
    );
  });

  it('lets the shell reach a feature page only by a lazy import', async () => {
    expect(
      await refusals(
        'src/routes.tsx',
        "import { WalletPage } from '../custom-pages/wallet/WalletPage.tsx';\nexport { WalletPage };\n",
      ),
    ).toEqual([expect.stringContaining('lazyPage()')]);
    expect(
      await refusals('src/routes.tsx', "export const load = () => import('../custom-pages/wallet/WalletPage.tsx');\n"),
    ).toEqual([]);
  });
});
