/** The route parameter every /{id} route takes: a row's uuid. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', errorMessage: { format: 'The id is not valid' } } },
};
