import * as schema from './schema.ts';
import * as fitmentSchema from './fitment-schema.ts';
import * as ownershipSchema from './ownership-schema.ts';
import * as directorySchema from './directory-schema.ts';
import * as walletSchema from './wallet-schema.ts';
import * as reportSchema from './report-schema.ts';
import { declarations } from '../../resources/entities/index.ts';
import { derivedTable, tableOf } from './declared.ts';

/**
 * Every table of the database by name, what migrations are generated from (server/tools/generate-migration.ts):
 * the schema modules' tables, and the table of each declaration of resources/entities that has no
 * table of its own there (a new entity needs no server code: its declaration is its table).
 */
export function everyTable(): Record<string, unknown> {
  const tables: Record<string, unknown> = { ...schema, ...fitmentSchema, ...ownershipSchema, ...directorySchema, ...walletSchema, ...reportSchema };
  const exported = new Set(Object.values(tables));
  for (const declaration of declarations) {
    const table = derivedTable(declaration.name) ?? tableOf(declaration);
    if (!exported.has(table)) tables[declaration.table] = table;
  }
  return tables;
}
