/**
 * What this file reads of an entity declaration (resources/define.ts, ResourceDeclaration): its name and
 * the texts it carries. core/ sits below resources/ (docs/decisions.md, "core/ below resources/"), so the
 * declarations come in as an argument: resources/messages.ts passes them.
 */
export interface DeclaredTexts {
  name: string;
  messages?: { en: { permissions?: Record<string, string> }; hi: { permissions?: Record<string, string> } };
}

interface Catalogue {
  resources: Record<string, unknown>;
  permissions: Record<string, string>;
}

/** The catalogue with the texts the declarations carry (`messages`): resources.<name>.* and their permission labels. */
export function withDeclaredMessages<T extends Catalogue>(
  catalogue: T,
  locale: 'en' | 'hi',
  declared: readonly DeclaredTexts[],
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
