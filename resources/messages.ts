/**
 * The i18n catalogues as the console and the server use them: core/i18n's, plus the texts an entity
 * declared with its own (docs/adding-an-entity.md). The merge lives here, above core/, because it
 * reads the declarations: core/ imports nothing of resources/ (docs/decisions.md).
 */
import { withDeclaredMessages } from '../core/i18n/declared-messages.ts';
import { declarations, overOwnTables } from './entities/index.ts';

/** A catalogue (English or Hindi) with the declarations' own texts in it. */
export const withDeclaredTexts = <T extends Parameters<typeof withDeclaredMessages>[0]>(
  catalogue: T,
  locale: 'en' | 'hi',
): T => withDeclaredMessages(catalogue, locale, [...declarations, ...overOwnTables]);
