/** The route parameter every /{id} route takes: a row's uuid. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', errorMessage: { format: 'The id is not valid' } } },
};

/** The route parameter of a /{id} route of a table with serial ids (positions, alerts). */
export const serialIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$', errorMessage: { pattern: 'The id is not valid' } } },
};
