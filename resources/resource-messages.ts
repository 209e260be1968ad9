/**
 * An entity's own texts in one language: merged into the console's catalogue as
 * `resources.<name>.*` (so `title: 'resources.<name>.title'`, `emptyMessage: 'resources.<name>.empty'`
 * and the default field labels find them) and, for its permission ids, `permissions.<id>`.
 */
export interface ResourceMessages {
  title: string;
  subtitle?: string;
  empty?: string;
  fields: Record<string, string>;
  permissions?: Record<string, string>;
}
