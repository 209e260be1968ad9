import renewalEn from '../../core/i18n/renewal-en.ts';

/**
 * The i18n key of a renewal answer the server gave in English (server/resources/messages.ts renders
 * these same catalogue texts), so the page can show it in the chosen language; undefined for any other text.
 */
export function renewalMessageKey(text: string): string | undefined {
  const entry = Object.entries(renewalEn).find(([, value]) => value === text);
  return entry ? `renewal.${entry[0]}` : undefined;
}
