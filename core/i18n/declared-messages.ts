import type { ResourceDeclaration } from '../../resources/define.ts';
import { declarations } from '../../resources/entities/index.ts';

interface Catalogue {
  resources: Record<string, unknown>;
  permissions: Record<string, string>;
}

/** The catalogue with the texts the declarations carry (`messages`): resources.<name>.* and their permission labels. */
export function withDeclaredMessages<T extends Catalogue>(
  catalogue: T,
  locale: 'en' | 'hi',
  declared: readonly ResourceDeclaration[] = declarations,
): T {
  const resources = { ...catalogue.resources };
  const permissions = { ...catalogue.permissions };
  for (const declaration of declared) {
    if (!declaration.messages) continue;
    const { permissions: labels = {}, ...texts } = declaration.messages[locale];
    resources[declaration.name] = texts;
    Object.assign(permissions, labels);
  }
  return { ...catalogue, resources, permissions };
}
