// Writes docs/permissions.md from the module registry and the default role scopes: `npx tsx server/tools/permissions-doc.ts`
// (tests/unit/permissions-doc.test.ts fails while the file differs from what this writes).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { modules } from '../../resources/modules.ts';
import { defaultRoleGrants } from '../roles/defaults.ts';
import app from '../../core/i18n/app-en.ts';
import { withDeclaredTexts } from '../../resources/messages.ts';
import { projectRoot } from '../paths.ts';

const en = withDeclaredTexts(app, 'en');

export const permissionsDocPath = path.join(projectRoot, 'docs/permissions.md');

const label = (key: string) =>
  (key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en) as string) ?? key;
/** The text of docs/permissions.md for the registry and the default scopes as they are now. */
export function permissionsDoc(): string {
  const lines = [
    '# Modules and permission ids',
    '',
    'Generated from `resources/modules.ts` and `server/roles/defaults.ts` by `npx tsx server/tools/permissions-doc.ts`.',
    '',
    "A module's id is the permission to open it; its actions are the permission ids of what it lets a user do.",
    "A role's `authScopes` is the tree of these modules (grouped by menu group) with each allowed or not and each action on or off;",
    'flattened, it is the permission list the console stores and the server checks on every route. SUPER_ADMIN passes every check.',
    'Ids the spec names are kept exactly; the others (the spec says "not shown") are ours and stable.',
    '',
    '| module id | name | path | group | actions |',
    '|---|---|---|---|---|',
    ...modules.map(
      (m) =>
        `| \`${m.id}\` | ${label(m.name)} | \`${m.path}\` | ${m.group} | ${m.actions.map((a) => `\`${a.id}\``).join(', ')} |`,
    ),
    '',
    '## Default scopes of the thirteen roles',
    '',
    "Seeded on first start when missing; an administrator's later edits are kept. `*` means every action of the module.",
    '',
  ];
  for (const [role, grants] of Object.entries(defaultRoleGrants)) {
    const entries = Object.entries(grants);
    lines.push(
      `### ${role}`,
      '',
      entries.length
        ? entries
            .map(
              ([id, actions]) =>
                `- \`${id}\`: ${actions === '*' ? '*' : actions.length ? actions.map((a) => `\`${a}\``).join(', ') : 'open only'}`,
            )
            .join('\n')
        : "- nothing: a starting point for an organisation's own role",
      '',
    );
  }
  lines.push(
    '## Routes of the API and their permission',
    '',
    'An API token (docs/api.md, "API tokens") passes a route\'s check only with a permission id it was',
    "given that its user's role still grants; the super-admin's pass is never a token's. The routes of a",
    'person alone (`config.peopleOnly`: sign-in, refresh, sign-out, password change and reset,',
    '`set-user-password`, the token routes, `PUT /api/wallets/add|deduct/{id}`,',
    '`POST /api/renewal/orders/{reference}/wallet-payment`) answer 403 to any request bearing one, and an',
    'activation that would charge a wallet is refused to a token.',
    '',
    '| route | permission |',
    '|---|---|',
    '| `GET /api/health`, `GET /api/auth/public-key`, `POST /api/auth/login`, `/refresh-tokens`, `/logout`, `/forgot-password`, `/reset-password` | public |',
    "| `GET /api/auth/logged-in-user/{id}`, `POST /api/auth/change-password` | any signed-in user (another user's record needs `management-user` and the same organisation tree) |",
    '| `GET`, `POST /api/api-tokens`, `DELETE /api/api-tokens/{id}` | any signed-in person, for his own tokens; never an API token |',
    '| `GET /api/roles` | `management-role` |',
    '',
  );
  return lines.join('\n');
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url)
  fs.writeFileSync(permissionsDocPath, permissionsDoc());
