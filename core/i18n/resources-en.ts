import forms from './forms-en.ts';
import entities from './entities-en.ts';
import stock from './stock-en.ts';

/** Labels and messages of the declared resources, the list table, forms and the search dialog, by area. */
const resources = { ...forms, resources: { ...entities, ...stock } };

export default resources;
